"""The harness: cases, the fake servers' scripts, the client lanes, running and classifying."""
