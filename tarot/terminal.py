"""The terminal game behind ``tarot play``: one person against three computer players.

Part of the command-line face: it reads prompts and writes the table with
``click``. Each prompt offers only what is legal, and a refused answer says why
and asks again; the game state changes only through ``Game.play``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TextIO

import click

from tarot import phases
from tarot.bots.random_player import random_action
from tarot.cards import CARD_BY_CODE, CODES, CardError, codes_of_mask, display, parse_card
from tarot.errors import IllegalAction
from tarot.events import (
    Bid,
    Chelem,
    ChienShown,
    Deal,
    Discard,
    Event,
    Play,
    Poignee,
    Redeal,
    Settlement,
    TrickTaken,
)
from tarot.game import Game
from tarot.legal import cheapest_discard, discard_options, poignee_options
from tarot.log import LogWriter


class QuitGame(Exception):
    """The person asked to stop; the game so far is saved."""


def seat_label(seat: int, human: int) -> str:
    return "You" if seat == human else f"P{seat}"


def show_cards(codes_: tuple[str, ...] | list[str]) -> str:
    return " ".join(display(CARD_BY_CODE[c]) for c in codes_)


class TerminalGame:
    def __init__(self, game: Game, human: int, rng: random.Random, save: TextIO,
                 ask: Callable[[str], str] | None = None) -> None:
        self.game = game
        self.human = human
        self.rng = rng
        self.writer = LogWriter(save, game.header)
        self.writer.write(game.events)
        self.ask = ask or (lambda text: click.prompt(text, prompt_suffix=" ", default="",
                                                      show_default=False))
        self.contracts = {c.id: c.name for c in game.rules.contracts}

    # -- the loop ---------------------------------------------------------------

    def run(self) -> None:
        for event in self.game.events:
            self.narrate(event)
        while not self.game.is_over:
            seat = self.game.turn
            assert seat is not None
            if seat == self.human:
                events = self.human_turn()
            else:
                events = self.game.play(random_action(self.game.state, self.rng))
            self.writer.write(events)
            for event in events:
                self.narrate(event)

    def human_turn(self) -> list[Event]:
        while True:
            phase = self.game.phase
            if phase == phases.TRICKS:
                self.show_table()
            answer = self.ask(self.prompt_text()).strip()
            if answer.lower() in {"quit", "q", "exit"}:
                raise QuitGame
            if answer in {"?", "help"}:
                click.echo(self.help_text())
                continue
            try:
                action = self.parse_answer(answer)
                if action is None:
                    continue
                return self.game.play(action)
            except (IllegalAction, CardError, ValueError) as error:
                message = error.message if isinstance(error, IllegalAction) else str(error)
                click.echo(f"  ✗ {message}")

    # -- prompts ----------------------------------------------------------------

    def prompt_text(self) -> str:
        phase = self.game.phase
        if phase == phases.AUCTION:
            options = ["pass"] + [a.contract for a in self.game.legal_actions()
                                  if isinstance(a, Bid) and a.contract]
            return f"Your bid ({' / '.join(options)}):"
        if phase == phases.CHIEN:
            self.show_hand()
            options = discard_options(self.game.state)
            extra = (f" ({options.trumps_required} trump(s) must go: too few ordinary cards)"
                     if options.trumps_required else "")
            return f"Discard {options.size} cards{extra}, or 'auto':"
        if phase == phases.DECLARATIONS:
            return "Declare a chelem (slam)? [y/N]:"
        return "Your card (code or number; 'p' for a poignée, '?' for help):"

    def help_text(self) -> str:
        return ("  Cards: a code like KH, 10♦, NS, T21, EXC, or the card's number in your hand.\n"
                "  Bids: pass, prise, garde, garde_sans, garde_contre.\n"
                "  p = show a poignée (before your first card); quit = save and leave.")

    def parse_answer(self, answer: str) -> Bid | Discard | Chelem | Poignee | Play | None:
        phase = self.game.phase
        seat = self.human
        if phase == phases.AUCTION:
            word = answer.lower().replace(" ", "_")
            if word in {"", "pass", "p"}:
                return Bid(seat=seat, contract=None)
            by_name = {name.lower().replace(" ", "_"): cid for cid, name in self.contracts.items()}
            return Bid(seat=seat, contract=by_name.get(word, word))
        if phase == phases.CHIEN:
            if answer.lower() == "auto":
                return Discard(seat=seat, cards=codes_of_mask(cheapest_discard(self.game.state)))
            cards = [self.card_from(token) for token in answer.replace(",", " ").split()]
            return Discard(seat=seat, cards=tuple(cards))
        if phase == phases.DECLARATIONS:
            return Chelem(seat=seat, declared=answer.lower() in {"y", "yes", "o", "oui"})
        if answer.lower() in {"p", "poignee", "poignée"}:
            return self.choose_poignee()
        if not answer:
            return None
        return Play(seat=seat, card=self.card_from(answer))

    def card_from(self, token: str) -> str:
        hand = self.game.hand(self.human)
        if token.isdigit() and 1 <= int(token) <= len(hand):
            return hand[int(token) - 1]
        return CODES[parse_card(token)]

    def choose_poignee(self) -> Poignee | None:
        options = poignee_options(self.game.state, self.human)
        if not options:
            click.echo("  ✗ You cannot show a poignée now (it needs 10 trumps, "
                       "just before your first card).")
            return None
        for index, (level, _, shown) in enumerate(options, start=1):
            click.echo(f"  {index}. {level.name} ({level.trumps} cards, +{level.bonus}): "
                       f"{show_cards(codes_of_mask(shown))}")
        answer = self.ask("Which poignée (number, or Enter for none)?").strip()
        if not answer.isdigit() or not 1 <= int(answer) <= len(options):
            return None
        return Poignee(seat=self.human, cards=codes_of_mask(options[int(answer) - 1][2]))

    # -- showing ----------------------------------------------------------------

    def show_hand(self) -> None:
        hand = self.game.hand(self.human)
        legal = set(self.game.legal_cards())
        parts = []
        for index, code in enumerate(hand, start=1):
            mark = "*" if code in legal else " "
            parts.append(f"{index}:{display(CARD_BY_CODE[code])}{mark}")
        click.echo("  Your hand: " + "  ".join(parts))
        if legal:
            click.echo("  (* = playable now)")

    def show_table(self) -> None:
        state = self.game.state
        if state.trick:
            played = [f"{seat_label((state.leader + i) % 4, self.human)}: {display(c)}"
                      for i, c in enumerate(state.trick)]
            click.echo("  On the table: " + ", ".join(played))
        self.show_hand()

    def narrate(self, event: Event) -> None:
        human = self.human
        if isinstance(event, Deal):
            click.echo(f"\nDeal {event.deal_number + 1}: P{event.dealer} deals. "
                       f"You are P{human}.")
            click.echo("  Your hand: " + show_cards(event.hands[human]))
        elif isinstance(event, Bid):
            word = self.contracts[event.contract] if event.contract else "pass"
            click.echo(f"  {seat_label(event.seat, human)}: {word}")
        elif isinstance(event, ChienShown):
            click.echo(f"  The chien: {show_cards(event.cards)}")
        elif isinstance(event, Discard):
            trumps = [c for c in event.cards if c.startswith("T")]
            if trumps:
                click.echo(f"  {seat_label(event.seat, human)} discarded trumps: "
                           f"{show_cards(trumps)}")
        elif isinstance(event, Chelem) and event.declared:
            click.echo(f"  {seat_label(event.seat, human)} declares a chelem!")
        elif isinstance(event, Poignee):
            click.echo(f"  {seat_label(event.seat, human)} shows a poignée: "
                       f"{show_cards(event.cards)}")
        elif isinstance(event, Play) and event.seat != human:
            card = display(CARD_BY_CODE[event.card])
            click.echo(f"  {seat_label(event.seat, human)} plays {card}")
        elif isinstance(event, TrickTaken):
            click.echo(f"  Trick {event.number} to {seat_label(event.winner, human)}: "
                       f"{show_cards(event.cards)}\n")
        elif isinstance(event, Redeal):
            why = "everyone passed" if event.reason == "all_passed" else \
                f"P{event.seat} has the petit sec"
            click.echo(f"  The deal is void ({why}); P{event.next_dealer} deals again.")
        elif isinstance(event, Settlement):
            click.echo(settlement_text(event, self.game, human))


def settlement_text(s: Settlement, game: Game, human: int) -> str:
    rules = game.rules
    name = rules.contracts[rules.contract_index[s.contract]].name
    points = s.taker_half_points / 2
    target = s.target_half_points / 2
    result = "made" if s.contract_made else "failed"
    lines = [
        f"\n{name} by {seat_label(s.taker, human)}, {len(s.taker_bouts)} bout(s), "
        f"target {target:g}, {points:g} points: {result} by {s.difference}.",
        f"  Base: ({rules.scoring.base_points} + {s.difference}) × {s.multiplier} = "
        f"{abs(s.base)} per defender",
    ]
    if s.petit_au_bout:
        lines.append(f"  Petit au bout ({s.petit_au_bout}): {s.petit_au_bout_bonus:+d}")
    for p in s.poignees:
        lines.append(f"  Poignée {p.level} (P{p.seat}): {p.bonus:+d}")
    for c in s.chelem:
        lines.append(f"  Chelem ({c.kind.replace('_', ' ')}): {c.bonus:+d}")
    lines.append(f"  Each defender {-s.per_defender:+d}; taker {s.scores[s.taker]:+d}")
    lines.append("  Scores: " + ", ".join(
        f"{seat_label(seat, human)} {score:+d}" for seat, score in enumerate(s.scores)))
    return "\n".join(lines)

