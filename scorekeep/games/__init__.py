"""The games scorekeep knows, registered by name. Each lives in its own package here."""

from ..game import Registry

REGISTRY = Registry(
    modules={
        "oh-hell": "scorekeep.games.oh_hell",
        "rook": "scorekeep.games.rook",
        "daifugo": "scorekeep.games.daifugo",
    },
    aliases={"ohhell": "oh-hell", "oh hell": "oh-hell", "oh_hell": "oh-hell",
             "daifugō": "daifugo", "daifugou": "daifugo", "大富豪": "daifugo", "daihinmin": "daifugo",
             "大貧民": "daifugo"},
)
