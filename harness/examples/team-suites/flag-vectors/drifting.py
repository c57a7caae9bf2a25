#!/usr/bin/env python3
"""An SDK that drifts on D3: it reads "None" as a user's name and buckets it."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import model  # noqa: E402

model.main(listing=False, anonymous=("", "null"))
