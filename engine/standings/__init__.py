"""Standings: tie-breaks, individual and team rankings, prizes."""
