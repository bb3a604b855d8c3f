"""Which mailbox an e-mail address reaches: the one rule by which the site tells two addresses apart (one account per
address, the limits on e-mails sent to one address)."""

import unicodedata


def mailbox(address: str) -> str:
    """``address`` in the one form that names its mailbox, for storing and comparing addresses.

    The domain is what mail servers read: its IDNA form (RFC 3490's nameprep, as Python's ``idna`` codec and so
    Django's ``sanitize_address`` apply it before sending), written back in Unicode. So ``victim@ＥXAMPLE.com``
    (full-width letters), ``victim@EXAMPLE.COM`` and ``victim@example.com`` are one address, and so are
    ``v@xn--bcher-kva.example`` and ``v@Bücher.example`` (``v@bücher.example``). The part before the last ``@`` is
    kept as typed: mail servers may tell its letters apart, and comparisons of addresses fold its case themselves
    (``accounts.models.AccountManager.with_email``). A domain the codec refuses (a label over 63 characters, an
    empty one) is NFKC-normalised and case-folded instead; the address's validator refuses it anyway.

    Args:
        address: an e-mail address as typed (``str``), possibly with spaces around it; ``""`` stays ``""``.

    Returns:
        The address, stripped, its domain canonical.
    """
    address = address.strip()
    local, at, domain = address.rpartition("@")
    if not at:
        return address
    try:
        # The codec leaves an all-ASCII label as it is: its case is folded here, as Django's normalize_email does.
        domain = domain.encode("idna").decode("idna").lower()
    except UnicodeError:
        domain = unicodedata.normalize("NFKC", domain).casefold()
    return f"{local}@{domain}"
