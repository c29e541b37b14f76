"""What the checker says: the kinds of finding, a finding and a report, messages in words for
rule authors, a house rule's findings against its parent's."""
