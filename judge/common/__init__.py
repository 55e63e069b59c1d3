"""What the judge and its client library both need, below both of them: canonical JSON and the
receipts signed over it (receipts.py), the API's enum names and the application's words for them
(enums.py), the gettext runtime and catalogues (i18n.py, locale/), and the judge's errors (errors.py).

It imports nothing of the judge but the generated API (judge.v1); the client package ships it.
"""
