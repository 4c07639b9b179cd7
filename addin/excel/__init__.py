"""The Excel front end: the add-in's entry functions, UDFs, the add-in builder, xlwings Lite."""
