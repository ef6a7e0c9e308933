"""One driver per kind of client: it installs nothing and classifies nothing, it only runs the
client's shipped code on the cases and returns the raw facts (see ``classify``)."""
