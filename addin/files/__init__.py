"""Files: .xlsx reading and writing, the zip checks, the file lock, atomic writes, file errors."""
