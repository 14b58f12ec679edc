"""Offline extraction of Chinese messages: the same candidate facts, with the same English
predicate names, as the English rules, so the policy and the temporal engine apply unchanged.
"""
