LIST_FILES = "list_files"
READ_FILE = "read_file"
