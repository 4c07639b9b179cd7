"""The Chinese family: the shared core, colour allocation, 定位编排法 (dingwei) and adjacent pairing."""
