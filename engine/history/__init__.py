"""What the rounds played so far say about each player: colours and floats."""
