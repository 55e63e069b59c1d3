"""Helpers shared by several test packages (no tests here)."""
