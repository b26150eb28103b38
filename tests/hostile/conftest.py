"""tests/hostile/ holds a script (campaign.py, run by hand), not tests: pytest
collects nothing here, not even for doctests."""

collect_ignore = ["campaign.py"]
