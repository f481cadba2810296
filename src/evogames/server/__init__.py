"""The classroom web app: tables in the browser, bots in empty seats."""
