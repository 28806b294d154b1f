"""A lean reference implementation of the standard rules, used only to measure the engine.

``bench_engine.py`` measures random complete deals through ``tarot.engine.game.Game``
against :func:`lean_deal`: the same rules (``rules/standard*.toml`` at three, four and
five players) written as compactly as plain Python allows, with the same random
choices as ``tarot.bots.random_player.random_action`` makes — the deal and its
redeals (petit sec, every seat passing), the auction, the call at five, the chien and
a uniform legal discard, the chelem's declaration, poignées shown at random, the
tricks under the Excuse's ledger and its exception, and the settlement with petit
au bout, poignées and chelems. It checks nothing, keeps no log and returns the
seats' scores. It is not the engine and nothing in the program imports it: the
engine's rules are the kernel's (``tarot.engine.kernel``); this copy exists so that
the engine's speed is a ratio to the same work done leanly on the same machine.
"""

from __future__ import annotations

import random

# Cards as the engine numbers them: 0–55 the suits (14 a suit, the king 13th of its
# suit), 56–76 the trumps (56 the Petit, 76 the 21), 77 the Excuse.
PETIT, TWENTY_ONE, EXCUSE = 56, 76, 77
SUIT = [c // 14 if c < 56 else 4 for c in range(77)] + [5]  # 4: trump, 5: the Excuse
RANK = [c % 14 + 1 if c < 56 else 0 for c in range(78)]
POINTS = [(1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 3, 5, 7, 9)[c % 14] if c < 56 else 1
          for c in range(78)]  # half-points
for _bout in (PETIT, TWENTY_ONE, EXCUSE):
    POINTS[_bout] = 9
BOUTS = (PETIT, TWENTY_ONE, EXCUSE)
MULTIPLIERS = (1, 2, 4, 6)  # prise, garde, garde sans, garde contre
TARGETS = (112, 102, 82, 72)  # half-points, by number of bouts
# players: (hand size, chien size, poignée sizes and bonuses)
TABLES = {3: (24, 6, ((13, 20), (15, 30), (18, 40))),
          4: (18, 6, ((10, 20), (13, 30), (15, 40))),
          5: (15, 3, ((8, 20), (10, 30), (13, 40)))}


def legal(hand: list[int], trick: list[int]) -> list[int]:
    led = next((c for c in trick if c != EXCUSE), None)
    if led is None:
        return hand
    follow = [c for c in hand if SUIT[c] == SUIT[led]]
    if not follow or SUIT[led] == 4:
        trumps = [c for c in hand if SUIT[c] == 4]
        if trumps:
            high = max([c for c in trick if SUIT[c] == 4], default=0)
            follow = [c for c in trumps if c > high] or trumps
    if not follow:
        return hand
    return [*follow, EXCUSE] if EXCUSE in hand else follow


def winner_index(trick: list[int]) -> int:
    trumps = [c for c in trick if SUIT[c] == 4]
    if trumps:
        return trick.index(max(trumps))
    led = next(c for c in trick if c != EXCUSE)
    return max((i for i, c in enumerate(trick) if SUIT[c] == SUIT[led]), key=trick.__getitem__)


def lean_deal(rng: random.Random, players: int = 4) -> list[int]:
    """One complete random deal (with its redeals); the seats' scores."""
    hand_size, chien_size, poignee_levels = TABLES[players]
    dealer = players - 1
    while True:
        deck = list(range(78))
        rng.shuffle(deck)
        hands = [sorted(deck[i * hand_size:(i + 1) * hand_size]) for i in range(players)]
        chien = deck[players * hand_size:]
        petit_sec = any(PETIT in h and sum(SUIT[c] == 4 for c in h) == 1 and EXCUSE not in h
                        for h in hands)
        best, taker = -1, -1
        if not petit_sec:
            for k in range(players):
                choice = best + int(rng.random() * (4 - best))
                if choice != best:
                    best, taker = choice, (dealer + 1 + k) % players
        if taker >= 0:
            break
        dealer = (dealer + 1) % players
    attack = {taker}
    called = -1
    if players == 5:  # a king, or a queen by a taker holding the four kings
        kings = [13, 27, 41, 55]
        callable_ = kings + ([12, 26, 40, 54] if all(k in hands[taker] for k in kings) else [])
        called = rng.choice(callable_)
        attack |= {s for s in range(5) if called in hands[s]}
    pile: list[int] = []  # the attack's cards
    if best < 2:  # the chien shown, taken, and a uniform legal discard
        hands[taker] += chien
        hand = hands[taker]
        ordinary = [c for c in hand if c < 56 and RANK[c] != 14]
        trumps = [c for c in hand if 56 < c < TWENTY_ONE]
        extra = max(0, chien_size - len(ordinary))
        discard = rng.sample(ordinary, chien_size - extra) + rng.sample(trumps, extra)
        for c in discard:
            hand.remove(c)
        pile += discard
    elif best == 2:
        pile += chien
    declared = rng.random() < 0.5
    leader = taker if declared else (dealer + 1) % players
    poignees: list[tuple[int, int]] = []  # (seat, bonus)
    attack_tricks = defence_tricks = 0
    owed = 0  # the Excuse's compensation, half-points to the attack
    last_petit = 0  # +1: the attack took the Petit in the last trick; -1: the defence
    for number in range(hand_size):
        trick: list[int] = []
        for k in range(players):
            seat = (leader + k) % players
            hand = hands[seat]
            if number == 0 and rng.random() < 0.5:
                trumps = [c for c in hand if SUIT[c] == 4]
                count = len(trumps) + (EXCUSE in hand)
                levels = [level for level in poignee_levels if count >= level[0]]
                if levels:
                    size, bonus = rng.choice(levels)
                    rng.sample(trumps, min(size, len(trumps)))  # the cards shown
                    poignees.append((seat, bonus))
            options = legal(hand, trick)
            if number == 0 and k == 0 and called >= 0:  # the called suit led: only its card
                options = [c for c in options if SUIT[c] != SUIT[called] or c == called] \
                    or options
            card = options[int(rng.random() * len(options))]
            hand.remove(card)
            trick.append(card)
        last = number == hand_size - 1
        if trick[0] == EXCUSE and last and (defence_tricks == 0 if leader in attack
                                            else attack_tricks == 0):
            index = 0  # the Excuse led to the last trick by a side that won every other
        else:
            index = winner_index(trick)
        winner = (leader + index) % players
        to_attack = winner in attack
        if EXCUSE in trick and index != trick.index(EXCUSE):
            owner_attack = (leader + trick.index(EXCUSE)) % players in attack
            goes_to_attack = owner_attack if not last else not owner_attack
            if goes_to_attack:
                pile.append(EXCUSE)
            if not last and owner_attack != to_attack:
                owed += 1 if to_attack else -1
            if to_attack:
                pile += [c for c in trick if c != EXCUSE]
        elif to_attack:
            pile += trick
        if to_attack:
            attack_tricks += 1
        else:
            defence_tricks += 1
        if last and PETIT in trick:
            last_petit = 1 if to_attack else -1
        leader = winner
    half = sum(POINTS[c] for c in pile) + owed
    target = TARGETS[sum(c in pile for c in BOUTS)]
    made = half >= target
    multiplier = MULTIPLIERS[best]
    per_defender = (25 + (abs(half - target) + 1) // 2) * multiplier * (1 if made else -1)
    per_defender += 10 * multiplier * last_petit
    per_defender += sum(bonus if made else -bonus for _, bonus in poignees)
    if declared:
        per_defender += 400 if defence_tricks == 0 else -200
    elif defence_tricks == 0:
        per_defender += 200
    if attack_tricks == 0:
        per_defender -= 200
    scores = [-per_defender] * players
    partner = next(iter(attack - {taker}), None)
    defenders = players - 1
    if partner is not None:
        scores[partner] = per_defender
        defenders -= 2
    scores[taker] = defenders * per_defender
    return scores
