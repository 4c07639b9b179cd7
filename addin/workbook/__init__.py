"""The workbook layer: the zh/en words, messages, explanations, the TRF book and the sheets."""
