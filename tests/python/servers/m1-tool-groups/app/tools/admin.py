class Admin:
    def __init__(self, prefix: str):
        self.prefix = prefix

    def register(self, server):
        server.tool(name="reset")(self.reset)

    def reset(self, confirm: bool) -> str:
        """Reset everything."""
        return "done"
