"""MS-OVBA 2.4.1 compression, for the VBA module and ``dir`` streams.

ms-ovba 0.0.1 ships a compressor (ms_ovba_compression) whose copy tokens come
out wrong on ordinary module text (its own decompressor and oletools' both read
back garbage), so the add-in build uses this one instead. It follows the
specification's CompressedContainer / CompressedChunk / TokenSequence layout
(2.4.1.1) with a plain longest-match search; :func:`decompress` is the reverse
(2.4.1.3.1) and is what the tests check against, alongside oletools.
"""

from __future__ import annotations

CHUNK_SIZE = 4096
SIGNATURE = b"\x01"


def _copy_token_help(difference: int) -> tuple[int, int]:
    """(bit count of the offset, maximum match length) at ``difference`` (2.4.1.3.19.1)."""
    bit_count = max((difference - 1).bit_length(), 4)
    length_mask = 0xFFFF >> bit_count
    return bit_count, length_mask + 3


MATCH_CANDIDATES = 512
"""Decision: how many earlier positions with the same 3-byte prefix are tried
per match (most recent first); any choice is valid output, this one is fast."""


def _longest_match(chunk: bytes, pos: int, seen: dict[bytes, list[int]]) -> tuple[int, int]:
    """(offset, length) of the longest earlier match at ``pos`` (2.4.1.3.19.4), or (0, 0)."""
    _, max_length = _copy_token_help(pos)
    limit = min(max_length, len(chunk) - pos)
    if limit < 3:
        return 0, 0
    best_offset, best_length = 0, 0
    for candidate in reversed(seen.get(chunk[pos:pos + 3], [])[-MATCH_CANDIDATES:]):
        length = 3
        while length < limit and chunk[candidate + length] == chunk[pos + length]:
            length += 1
        if length > best_length:
            best_offset, best_length = pos - candidate, length
            if length == limit:
                break
    return best_offset, best_length


def _remember(chunk: bytes, start: int, stop: int, seen: dict[bytes, list[int]]) -> None:
    for i in range(start, min(stop, len(chunk) - 2)):
        seen.setdefault(chunk[i:i + 3], []).append(i)


def _compress_chunk(chunk: bytes) -> bytes:
    """One CompressedChunk (header + token sequences), raw if compression does not help."""
    out = bytearray()
    pos = 0
    seen: dict[bytes, list[int]] = {}
    while pos < len(chunk):
        flags = 0
        tokens = bytearray()
        for bit in range(8):
            if pos >= len(chunk):
                break
            offset, length = _longest_match(chunk, pos, seen)
            _remember(chunk, pos, pos + max(length, 1), seen)
            if length:
                bit_count, _ = _copy_token_help(pos)
                token = ((offset - 1) << (16 - bit_count)) | (length - 3)
                tokens += token.to_bytes(2, "little")
                flags |= 1 << bit
                pos += length
            else:
                tokens.append(chunk[pos])
                pos += 1
        out.append(flags)
        out += tokens
    if len(out) > CHUNK_SIZE:
        # Raw chunk (CompressedChunkFlag 0), padded to 4096 bytes as 2.4.1.3.10 says;
        # only incompressible binary data gets here, never module text.
        header = (CHUNK_SIZE - 1) | (0b011 << 12)
        return header.to_bytes(2, "little") + chunk.ljust(CHUNK_SIZE, b"\0")
    header = (len(out) + 2 - 3) | (0b011 << 12) | 0x8000
    return header.to_bytes(2, "little") + bytes(out)


def compress(data: bytes) -> bytes:
    """A CompressedContainer holding ``data`` (MS-OVBA 2.4.1.3.6)."""
    out = bytearray(SIGNATURE)
    for start in range(0, len(data), CHUNK_SIZE):
        out += _compress_chunk(data[start:start + CHUNK_SIZE])
    return bytes(out)


def decompress(container: bytes) -> bytes:
    """The bytes a CompressedContainer holds (MS-OVBA 2.4.1.3.1)."""
    if container[:1] != SIGNATURE:
        raise ValueError("not an MS-OVBA compressed container (signature byte is not 0x01)")
    out = bytearray()
    pos = 1
    while pos < len(container):
        header = int.from_bytes(container[pos:pos + 2], "little")
        size = (header & 0x0FFF) + 3
        end = min(pos + size, len(container))
        chunk_start = len(out)
        pos += 2
        if not header & 0x8000:
            out += container[pos:pos + CHUNK_SIZE]
            pos += CHUNK_SIZE
            continue
        while pos < end:
            flags = container[pos]
            pos += 1
            for bit in range(8):
                if pos >= end:
                    break
                if flags & (1 << bit):
                    token = int.from_bytes(container[pos:pos + 2], "little")
                    bit_count, _ = _copy_token_help(len(out) - chunk_start)
                    length = (token & (0xFFFF >> bit_count)) + 3
                    offset = (token >> (16 - bit_count)) + 1
                    for _ in range(length):
                        out.append(out[-offset])
                    pos += 2
                else:
                    out.append(container[pos])
                    pos += 1
    return bytes(out)
