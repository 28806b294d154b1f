/* tarot.bots._search_core: an accelerated copy of tarot/bots/playout.py's hot paths.
 *
 * NOT A SECOND AUTHORITY. Every rule is defined once, in tarot/engine/kernel.py (the legal
 * cards, the trick's winner, the trick's share under the Excuse ledger, petit au bout, the
 * score per defender), and the playout policy once, in tarot/bots/playout.py (aware_card,
 * greedy_card, playout, distinct_cards, solve). This file is a line-by-line copy of those
 * functions in C, as CPython's _heapq is of heapq: the Python code is the reference, the
 * fallback (no compiler, or TAROT_PURE_PYTHON=1) and the readable rule, and
 * tests/test_search_core.py holds the two equal position by position under every shipped
 * rule set and a test-only one with other numbers. A rule changes in the kernel first; this
 * copy follows, and the agreement test fails until it does. Every number of a rule set
 * comes from Python (tarot/bots/search_core.py builds a table from a Scoring): nothing of a
 * rule set is written here.
 *
 * Cards are 0..77 as in tarot/engine/cards.py. A set of cards is a Mask of two words: ``s``
 * holds the suit cards 0..55 (bit c), ``t`` the trumps and the Excuse 56..77 (bit c - 56),
 * so that suit rules touch one word, trump rules the other, and card order is (s, then t).
 * Plain C99, no 128-bit integers.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>

#define PETIT 56
#define TWENTY_ONE 76
#define EXCUSE 77
#define NCARDS 78
#define SPLIT 56
#define S_ALL ((UINT64_C(1) << 56) - 1)
#define T_TRUMPS ((UINT32_C(1) << 21) - 1) /* the 21 trumps, Petit = bit 0 */
#define T_EXCUSE (UINT32_C(1) << 21)
#define MAX_SEATS 5
#define NONE_DONE 0
#define BIG 1e9

typedef struct {
    uint64_t s;
    uint32_t t;
} Mask;

static const uint64_t SUIT[4] = {UINT64_C(0x3FFF), UINT64_C(0x3FFF) << 14,
                                 UINT64_C(0x3FFF) << 28, UINT64_C(0x3FFF) << 42};

/* ---- bits ---- */

static inline int popcount64(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#else
    int n = 0;
    while (x) { x &= x - 1; n++; }
    return n;
#endif
}

static inline int low64(uint64_t x) { /* x != 0 */
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#else
    int n = 0;
    while (!(x & 1)) { x >>= 1; n++; }
    return n;
#endif
}

static inline int high64(uint64_t x) { /* x != 0 */
#if defined(__GNUC__) || defined(__clang__)
    return 63 - __builtin_clzll(x);
#else
    int n = 0;
    while (x >>= 1) n++;
    return n;
#endif
}

static inline int m_empty(Mask m) { return !m.s && !m.t; }
static inline int m_has(Mask m, int c) {
    return c < SPLIT ? (int)(m.s >> c & 1) : (int)(m.t >> (c - SPLIT) & 1);
}
static inline Mask m_and(Mask a, Mask b) { Mask r = {a.s & b.s, a.t & b.t}; return r; }
static inline Mask m_or(Mask a, Mask b) { Mask r = {a.s | b.s, a.t | b.t}; return r; }
static inline int m_eq(Mask a, Mask b) { return a.s == b.s && a.t == b.t; }
static inline int m_count(Mask m) { return popcount64(m.s) + popcount64(m.t); }
static inline int m_single(Mask m) { return m_count(m) == 1; }
static inline int m_low(Mask m) { /* -1 when empty */
    if (m.s) return low64(m.s);
    if (m.t) return SPLIT + low64(m.t);
    return -1;
}
static inline int m_high(Mask m) {
    if (m.t) return SPLIT + high64(m.t);
    if (m.s) return high64(m.s);
    return -1;
}
static inline void m_clear(Mask *m, int c) {
    if (c < SPLIT) m->s &= ~(UINT64_C(1) << c); else m->t &= ~(UINT32_C(1) << (c - SPLIT));
}
static inline void m_set(Mask *m, int c) {
    if (c < SPLIT) m->s |= UINT64_C(1) << c; else m->t |= UINT32_C(1) << (c - SPLIT);
}
/* The cards >= c (0 <= c <= 78): Python's ``-1 << c``. */
static inline Mask m_from(int c) {
    Mask r;
    if (c < SPLIT) { r.s = S_ALL & ~((UINT64_C(1) << c) - 1); r.t = T_TRUMPS | T_EXCUSE; }
    else { r.s = 0; r.t = (T_TRUMPS | T_EXCUSE) & ~((UINT32_C(1) << (c - SPLIT)) - 1); }
    return r;
}
/* The cards strictly between a and b (a < b): ``(1 << b) - (2 << a)``. */
static inline Mask m_between(int a, int b) {
    Mask lo = m_from(a + 1), hi = m_from(b);
    Mask r = {lo.s & ~hi.s, lo.t & ~hi.t};
    return r;
}

/* ---- the rule set's numbers and the policy's orders, from a Scoring ---- */

typedef struct {
    int points[NCARDS];
    long long cheapest[NCARDS], richest[NCARDS], charge[NCARDS], charge_safe[NCARDS],
        poorest[NCARDS];
    Mask valuable;
    int last_trick;
    long long targets[4];
    long long base_points, multiplier, petit_per_multiplier, poignee_total;
    int chelem_declared;
    long long declared_made, declared_failed, undeclared_made, defence_made, compensation;
    int excuse_kept_in_any_slam, petit_slam_counts_last;
} Table;

/* BEATERS[top + 1]: kernel.BEATERS (the cards that take a trick from ``top``; -1: none yet). */
static Mask BEATERS[NCARDS + 1];

/* kernel.beats */
static int beats(int card, int top) {
    if (card == EXCUSE) return 0;
    if (top < 0) return 1;
    if (card > PETIT - 1) return card > top;
    return top < PETIT && card / 14 == top / 14 && card > top;
}

static void init_beaters(void) {
    for (int top = -1; top < NCARDS; top++) {
        Mask m = {0, 0};
        for (int c = 0; c < NCARDS; c++)
            if (beats(c, top)) m_set(&m, c);
        BEATERS[top + 1] = m;
    }
}

/* ---- a position (playout.Position) ---- */

typedef struct {
    Mask hands[MAX_SEATS];
    int trick[MAX_SEATS];
    int n; /* cards in the trick */
    int leader, taker, tricks_done;
    Mask pile;
    long long adjust;
    int taker_tricks, defence_tricks, petit_prev, best, attack, seats;
} Pos;

/* kernel.legal_mask */
static Mask legal_mask(Mask hand, int led, int top) {
    Mask cand;
    if (led < 0) return hand;
    if (led >= PETIT) { cand.s = 0; cand.t = hand.t & T_TRUMPS; }
    else {
        cand.s = hand.s & SUIT[led / 14]; cand.t = 0;
        if (!cand.s) cand.t = hand.t & T_TRUMPS;
    }
    if ((cand.t & T_TRUMPS) && top >= PETIT) {
        uint32_t higher = cand.t & T_TRUMPS & ~((UINT32_C(1) << (top - SPLIT + 1)) - 1);
        if (higher) { cand.s = 0; cand.t = higher; }
    }
    if (m_empty(cand)) { cand.s = hand.s; cand.t = hand.t & ~T_EXCUSE; }
    cand.t |= hand.t & T_EXCUSE;
    return cand;
}

/* kernel.legal_given_winner */
static Mask legal_given(const Pos *p, Mask hand) {
    if (p->best < 0) return hand;
    return legal_mask(hand, p->trick[0] != EXCUSE ? p->trick[0] : p->trick[1],
                      p->trick[p->best]);
}

/* kernel.led_card */
static int led_card(const Pos *p) {
    for (int i = 0; i < p->n; i++)
        if (p->trick[i] != EXCUSE) return p->trick[i];
    return -1;
}

/* kernel.strongest_answer */
static int strongest_answer(Mask hand, int led) {
    if (led < PETIT) {
        uint64_t follow = hand.s & SUIT[led / 14];
        if (follow) return high64(follow);
    }
    uint32_t trumps = hand.t & T_TRUMPS;
    return trumps ? SPLIT + high64(trumps) : -1;
}

/* kernel.per_defender */
static long long per_defender(const Table *tb, Mask pile, long long adjust, int petit,
                              int taker_tricks, int defence_tricks) {
    long long half = adjust;
    uint64_t s = pile.s;
    uint32_t t = pile.t;
    while (s) { half += tb->points[low64(s)]; s &= s - 1; }
    while (t) { half += tb->points[SPLIT + low64(t)]; t &= t - 1; }
    int bouts = m_has(pile, PETIT) + m_has(pile, TWENTY_ONE) + m_has(pile, EXCUSE);
    long long target = tb->targets[bouts];
    int made = half >= target;
    long long diff = half - target;
    if (diff < 0) diff = -diff;
    diff = (diff + 1) / 2;
    long long total = (made ? 1 : -1) * (tb->base_points + diff) * tb->multiplier;
    total += petit * tb->petit_per_multiplier * tb->multiplier;
    total += made ? tb->poignee_total : -tb->poignee_total;
    if (tb->chelem_declared)
        total += defence_tricks == 0 ? tb->declared_made : tb->declared_failed;
    else if (defence_tricks == 0)
        total += tb->undeclared_made;
    if (taker_tricks == 0) total += tb->defence_made;
    return total;
}

/* playout.play: 1 and *score when the deal ends, else 0. */
static int play(Pos *p, int card, const Table *tb, long long *score) {
    int seats = p->seats;
    int seat = (p->leader + p->n) % seats;
    m_clear(&p->hands[seat], card);
    int top = p->best >= 0 ? p->trick[p->best] : -1;
    if (m_has(BEATERS[top + 1], card)) p->best = p->n;
    p->trick[p->n++] = card;
    if (p->n < seats) return 0;
    int attack = p->attack, leader = p->leader;
    int last = p->tricks_done == tb->last_trick;
    /* kernel.excuse_exception */
    int exception = 0;
    if (last && p->trick[0] == EXCUSE)
        exception = (attack >> leader & 1) ? p->defence_tricks == 0 : p->taker_tricks == 0;
    int winner = (leader + (exception ? 0 : p->best)) % seats;
    int winner_is_taker = attack >> winner & 1;
    /* kernel.take_trick: excuse_stays_on_last_trick, then share_trick */
    Mask cards = {0, 0};
    int excuse_at = -1;
    for (int i = 0; i < seats; i++) {
        m_set(&cards, p->trick[i]);
        if (p->trick[i] == EXCUSE) excuse_at = i;
    }
    Mask to_taker = winner_is_taker ? cards : (Mask){0, 0};
    long long adjustment = 0;
    if (excuse_at >= 0) {
        int owner_is_taker = attack >> ((leader + excuse_at) % seats) & 1;
        int stays = 0;
        if (last) {
            if (exception) stays = 1;
            else if (tb->excuse_kept_in_any_slam)
                stays = owner_is_taker ? (p->defence_tricks == 0 && winner_is_taker)
                                       : (p->taker_tricks == 0 && !winner_is_taker);
        }
        int excuse_to_taker;
        if (!last) {
            excuse_to_taker = owner_is_taker;
            if (winner_is_taker != owner_is_taker)
                adjustment = winner_is_taker ? tb->compensation : -tb->compensation;
        } else if (stays) {
            excuse_to_taker = owner_is_taker;
        } else {
            excuse_to_taker = !owner_is_taker;
        }
        to_taker.t &= ~T_EXCUSE;
        if (excuse_to_taker) to_taker.t |= T_EXCUSE;
    }
    p->pile = m_or(p->pile, to_taker);
    p->adjust += adjustment;
    if (winner_is_taker) p->taker_tricks++; else p->defence_tricks++;
    /* kernel.petit_side */
    int petit_here = m_has(cards, PETIT) ? (winner_is_taker ? 1 : -1) : 0;
    p->n = 0;
    p->best = -1;
    p->leader = winner;
    p->tricks_done++;
    if (!last) {
        p->petit_prev = petit_here;
        return 0;
    }
    /* kernel.petit_au_bout */
    int petit = !exception ? petit_here
              : (p->petit_prev ? p->petit_prev : (tb->petit_slam_counts_last ? petit_here : 0));
    *score = per_defender(tb, p->pile, p->adjust, petit, p->taker_tricks, p->defence_tricks);
    return 1;
}

/* min(card_list(m), key=order.__getitem__), and max: the orders' keys are distinct. */
static int argmin(Mask m, const long long *order) {
    int bestc = -1;
    long long bestk = 0;
    for (int c = m_low(m); c >= 0; m_clear(&m, c), c = m_low(m))
        if (bestc < 0 || order[c] < bestk) { bestc = c; bestk = order[c]; }
    return bestc;
}
static int argmax(Mask m, const long long *order) {
    int bestc = -1;
    long long bestk = 0;
    for (int c = m_low(m); c >= 0; m_clear(&m, c), c = m_low(m))
        if (bestc < 0 || order[c] > bestk) { bestc = c; bestk = order[c]; }
    return bestc;
}

/* playout._obvious_card (-1: none) */
static int obvious_card(Mask hand, Mask legal) {
    if (m_single(legal)) return m_low(legal);
    if ((legal.t & T_EXCUSE) && m_count(hand) <= 2) return EXCUSE;
    return -1;
}

/* playout.greedy_card */
static int greedy_card(const Pos *p, const Table *tb) {
    int seats = p->seats;
    int seat = (p->leader + p->n) % seats;
    Mask hand = p->hands[seat];
    Mask legal = legal_given(p, hand);
    int obvious = obvious_card(hand, legal);
    if (obvious >= 0) return obvious;
    if (p->n == 0) {
        if (legal.s) { /* min by (points, cards held in the suit, card) */
            int bestc = -1;
            long long bp = 0;
            int bl = 0;
            uint64_t side = legal.s;
            while (side) {
                int c = low64(side);
                side &= side - 1;
                int length = popcount64(hand.s & SUIT[c / 14]);
                if (bestc < 0 || tb->points[c] < bp || (tb->points[c] == bp && length < bl)) {
                    bestc = c; bp = tb->points[c]; bl = length;
                }
            }
            return bestc;
        }
        uint32_t trumps = legal.t & T_TRUMPS & ~UINT32_C(1);
        return trumps ? SPLIT + low64(trumps) : m_low(legal);
    }
    int n = p->n, attack = p->attack, best = p->best;
    int friend_winning = best >= 0 &&
        (attack >> ((p->leader + best) % seats) & 1) == (attack >> seat & 1);
    int last = n == seats - 1;
    if (friend_winning) {
        if (last) return argmax(legal, tb->charge);
        return argmin(legal, tb->cheapest);
    }
    int top = best >= 0 ? p->trick[best] : -1;
    Mask winners = m_and(legal, BEATERS[top + 1]);
    if (!m_empty(winners)) {
        if (last) return argmax(winners, tb->richest);
        uint32_t trump_winners = winners.t & T_TRUMPS & ~UINT32_C(1);
        if (trump_winners) return SPLIT + low64(trump_winners);
        if (winners.s) return high64(winners.s);
        if (m_eq(legal, winners)) return m_low(winners);
    }
    return argmin(legal, tb->cheapest);
}

/* playout._threat */
static int threat(const Pos *p, int led, int first, int count, int side_is_taker) {
    int result = -1;
    for (int step = 0; step < count; step++) {
        int seat = (first + step) % p->seats;
        if ((p->attack >> seat & 1) != side_is_taker) {
            int answer = strongest_answer(p->hands[seat], led);
            if (answer > result) result = answer;
        }
    }
    return result;
}

/* playout._secure_winners */
static Mask secure_winners(const Pos *p, Mask legal, int first, int count, int taker_side) {
    int top = p->best >= 0 ? p->trick[p->best] : -1;
    Mask beaters = m_and(legal, BEATERS[top + 1]);
    int led = led_card(p);
    if (led >= 0) {
        int t = threat(p, led, first, count, taker_side);
        return m_and(beaters, m_from(t > 0 ? t : 0));
    }
    Mask winners = {0, 0};
    for (int c = m_low(beaters); c >= 0; m_clear(&beaters, c), c = m_low(beaters))
        if (c >= threat(p, c, first, count, taker_side)) m_set(&winners, c);
    return winners;
}

/* playout._draw_trumps (-1: None) */
static int draw_trumps(const Pos *p, int seat, Mask hand) {
    uint32_t mine = hand.t & T_TRUMPS & ~UINT32_C(1);
    if (!mine) return -1;
    uint32_t out = 0;
    int most = 0;
    for (int s = 0; s < p->seats; s++) {
        if (s != seat && !(p->attack >> s & 1)) {
            uint32_t theirs = p->hands[s].t & T_TRUMPS;
            out |= theirs;
            int count = popcount64(theirs);
            if (count > most) most = count;
        }
    }
    int top = high64(mine);
    if (out && !(out >> top) && popcount64(mine) > most) return SPLIT + top;
    return -1;
}

/* playout._force_taker (-1: None) */
static int force_taker(const Pos *p, Mask legal, const Table *tb) {
    Mask taker_hand = p->hands[p->taker];
    if (!(taker_hand.t & T_TRUMPS)) return -1;
    Mask voids = {0, 0};
    for (int k = 0; k < 4; k++)
        if (!(taker_hand.s & SUIT[k])) voids.s |= legal.s & SUIT[k];
    return m_empty(voids) ? -1 : argmin(voids, tb->poorest);
}

/* playout.aware_card */
static int aware_card(const Pos *p, const Table *tb) {
    int seats = p->seats;
    int n = p->n;
    int seat = (p->leader + n) % seats;
    Mask hand = p->hands[seat];
    int best = p->best;
    Mask legal = legal_given(p, hand);
    if (m_single(legal)) return m_low(legal);
    if ((legal.t & T_EXCUSE) && m_count(hand) <= 2) return EXCUSE;
    int attack = p->attack;
    int taker_side = attack >> seat & 1;
    int after = (seat + 1) % seats;
    int others = seats - 1;
    if (n == 0) {
        Mask sure = {0, 0};
        Mask valuable = m_and(legal, tb->valuable);
        if (!m_empty(valuable)) {
            for (int k = 0; k < 5; k++) {
                Mask in_suit = valuable;
                if (k < 4) { in_suit.s &= SUIT[k]; in_suit.t = 0; }
                else { in_suit.s = 0; in_suit.t &= T_TRUMPS; }
                if (!m_empty(in_suit)) {
                    int led = m_low(in_suit);
                    int t = threat(p, led, after, others, taker_side);
                    sure = m_or(sure, m_and(in_suit, m_from(t > 0 ? t : 0)));
                }
            }
        }
        if (!m_empty(sure)) return argmax(sure, tb->richest);
        int lead = taker_side ? draw_trumps(p, seat, hand) : force_taker(p, legal, tb);
        return lead < 0 ? greedy_card(p, tb) : lead;
    }
    int friend_winning = best >= 0 && (attack >> ((p->leader + best) % seats) & 1) == taker_side;
    if (friend_winning) {
        if (n == others ||
            p->trick[best] >= threat(p, led_card(p), after, others - n, taker_side))
            return argmax(legal, tb->charge_safe);
        Mask takeover = secure_winners(p, legal, after, others - n, taker_side);
        return argmin(m_empty(takeover) ? legal : takeover, tb->cheapest);
    }
    Mask secure = secure_winners(p, legal, after, others - n, taker_side);
    if (!m_empty(secure)) {
        if (n == others) return argmax(secure, tb->richest);
        if (m_has(secure, PETIT)) return PETIT;
        return argmin(secure, tb->cheapest);
    }
    return argmin(legal, tb->cheapest);
}

/* playout.playout */
static long long run_playout(Pos *p, const Table *tb) {
    long long score;
    while (!play(p, aware_card(p, tb), tb, &score)) {
    }
    return score;
}

/* playout.distinct_cards: into ``out``, their number. */
static int distinct_cards(Mask legal, const int *points, Mask separators, int *out) {
    int count = 0, prev = -1;
    for (int card = m_low(legal); card >= 0; m_clear(&legal, card), card = m_low(legal)) {
        if (prev >= 0 && card != EXCUSE && prev != PETIT && points[card] == points[prev] &&
            (card < PETIT ? card / 14 == prev / 14 : prev >= PETIT) &&
            m_empty(m_and(separators, m_between(prev, card)))) {
            prev = card;
            continue;
        }
        out[count++] = card;
        prev = card;
    }
    return count;
}

/* playout.solve */
static double solve(const Pos *p, const Table *tb, double alpha, double beta) {
    int seats = p->seats;
    int seat = (p->leader + p->n) % seats;
    Mask legal = legal_given(p, p->hands[seat]);
    Mask others = {0, 0};
    for (int s = 0; s < seats; s++)
        if (s != seat) others = m_or(others, p->hands[s]);
    for (int i = 0; i < p->n; i++) m_set(&others, p->trick[i]);
    int cards[NCARDS];
    int count = distinct_cards(legal, tb->points, others, cards);
    if (count > 1) {
        int greedy = greedy_card(p, tb);
        int at = 0;
        for (int i = 0; i < count; i++)
            if (cards[i] <= greedy) at = i; /* ascending: the last one is the max */
        int first = cards[at];
        for (int i = at; i > 0; i--) cards[i] = cards[i - 1];
        cards[0] = first;
    }
    int maximize = p->attack >> seat & 1;
    double best = maximize ? -BIG : BIG;
    for (int i = 0; i < count; i++) {
        Pos child = *p;
        long long result;
        double value = play(&child, cards[i], tb, &result) ? (double)result
                                                            : solve(&child, tb, alpha, beta);
        if (maximize) {
            if (value > best) best = value;
            if (best > alpha) alpha = best;
        } else {
            if (value < best) best = value;
            if (best < beta) beta = best;
        }
        if (alpha >= beta) break;
    }
    return (double)(long long)best; /* int(best) */
}

/* ---- Python conversions ---- */

static PyObject *SHIFT_SPLIT; /* 56 */
static PyObject *SHIFT_64;    /* 64 */
static PyObject *ZERO, *DECK_LIMIT; /* 0 and 1 << 78: a mask's bounds */
/* playout.ADJUST_LIMIT */
#define ADJUST_LIMIT (1LL << 40)
static PyObject *N_HANDS, *N_TRICK, *N_LEADER, *N_TAKER, *N_TRICKS_DONE, *N_PILE, *N_ADJUST,
    *N_TAKER_TRICKS, *N_DEFENCE_TRICKS, *N_PETIT_PREV, *N_BEST, *N_ATTACK, *N_SEATS;

static int to_mask(PyObject *o, Mask *m) {
    if (!PyLong_Check(o)) {
        PyErr_SetString(PyExc_TypeError, "a card mask must be an int");
        return -1;
    }
    int below = PyObject_RichCompareBool(o, ZERO, Py_LT);
    int above = below ? 0 : PyObject_RichCompareBool(o, DECK_LIMIT, Py_GE);
    if (below < 0 || above < 0) return -1;
    if (below || above) {
        PyErr_SetString(PyExc_ValueError, "a card mask has bits outside the deck");
        return -1;
    }
    unsigned long long low = PyLong_AsUnsignedLongLongMask(o);
    if (low == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    PyObject *high_obj = PyNumber_Rshift(o, SHIFT_SPLIT);
    if (!high_obj) return -1;
    unsigned long long high = PyLong_AsUnsignedLongLong(high_obj);
    Py_DECREF(high_obj);
    if (high == (unsigned long long)-1 && PyErr_Occurred()) return -1;
    m->s = low & S_ALL;
    m->t = (uint32_t)high;
    return 0;
}

static PyObject *from_mask(Mask m) {
    uint64_t low = m.s | ((uint64_t)(m.t & 0xFF) << SPLIT);
    uint64_t high = m.t >> 8;
    if (!high) return PyLong_FromUnsignedLongLong(low);
    PyObject *h = PyLong_FromUnsignedLongLong(high);
    if (!h) return NULL;
    PyObject *shifted = PyNumber_Lshift(h, SHIFT_64);
    Py_DECREF(h);
    if (!shifted) return NULL;
    PyObject *l = PyLong_FromUnsignedLongLong(low);
    if (!l) { Py_DECREF(shifted); return NULL; }
    PyObject *r = PyNumber_Or(shifted, l);
    Py_DECREF(shifted);
    Py_DECREF(l);
    return r;
}

/* An int attribute; one beyond 64 bits reads as the nearest bound, which every range
 * check below refuses, as the Python code refuses the int itself. */
static int get_int(PyObject *obj, PyObject *name, long long *out) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    int overflow = 0;
    *out = PyLong_AsLongLongAndOverflow(v, &overflow);
    Py_DECREF(v);
    if (*out == -1 && PyErr_Occurred()) return -1;
    if (overflow) *out = overflow > 0 ? LLONG_MAX : LLONG_MIN;
    return 0;
}

static int get_mask(PyObject *obj, PyObject *name, Mask *out) {
    PyObject *v = PyObject_GetAttr(obj, name);
    if (!v) return -1;
    int r = to_mask(v, out);
    Py_DECREF(v);
    return r;
}

static int refuse(const char *why) {
    PyErr_SetString(PyExc_ValueError, why);
    return -1;
}

/* A playout.Position into a Pos, refused as playout.check_position refuses it: the same
 * checks in the same order with the same words (tests/test_search_core.py hands both
 * the same hostile positions). Nothing the search reads is left unchecked: an index out
 * of its array or a deal that never reaches its last trick would crash or never stop. */
static int read_pos(PyObject *obj, const Table *tb, Pos *p) {
    memset(p, 0, sizeof *p);
    long long seats, best, leader, taker, attack, done, taker_tricks, defence_tricks,
        petit_prev, adjust;
    if (get_int(obj, N_SEATS, &seats) < 0) return -1;
    if (seats < 3 || seats > MAX_SEATS) return refuse("a position of 3 to 5 seats");
    p->seats = (int)seats;
    PyObject *hands = PyObject_GetAttr(obj, N_HANDS);
    if (!hands) return -1;
    PyObject *seq = PySequence_Fast(hands, "hands must be a sequence");
    Py_DECREF(hands);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != p->seats) {
        Py_DECREF(seq);
        return refuse("a hand for every seat");
    }
    Mask held = {0, 0};
    for (int s = 0; s < p->seats; s++) {
        if (to_mask(PySequence_Fast_GET_ITEM(seq, s), &p->hands[s]) < 0) {
            Py_DECREF(seq);
            return -1;
        }
        if (!m_empty(m_and(held, p->hands[s]))) {
            Py_DECREF(seq);
            return refuse("a card in two hands");
        }
        held = m_or(held, p->hands[s]);
    }
    Py_DECREF(seq);
    PyObject *trick = PyObject_GetAttr(obj, N_TRICK);
    if (!trick) return -1;
    seq = PySequence_Fast(trick, "the trick must be a sequence");
    Py_DECREF(trick);
    if (!seq) return -1;
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    if (n >= p->seats) {
        Py_DECREF(seq);
        return refuse("a trick in progress has fewer cards than seats");
    }
    p->n = (int)n;
    Mask seen = held;
    for (Py_ssize_t i = 0; i < n; i++) {
        int overflow = 0;
        long long c = PyLong_AsLongLongAndOverflow(PySequence_Fast_GET_ITEM(seq, i), &overflow);
        if (c == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
        if (overflow || c < 0 || c >= NCARDS) {
            Py_DECREF(seq);
            return refuse("a card of the trick outside the deck");
        }
        if (m_has(seen, (int)c)) {
            Py_DECREF(seq);
            return refuse("a card of the trick played twice or still in a hand");
        }
        m_set(&seen, (int)c);
        p->trick[i] = (int)c;
    }
    Py_DECREF(seq);
    if (get_mask(obj, N_PILE, &p->pile) < 0 || get_int(obj, N_BEST, &best) < 0) return -1;
    if (best < -1 || best >= n)
        return refuse("the trick's winning card is not one of its cards");
    if (get_int(obj, N_LEADER, &leader) < 0) return -1;
    if (leader < 0 || leader >= seats) return refuse("the leader is not a seat");
    if (get_int(obj, N_TAKER, &taker) < 0) return -1;
    if (taker < 0 || taker >= seats) return refuse("the taker is not a seat");
    if (get_int(obj, N_ATTACK, &attack) < 0) return -1;
    if (attack <= 0 || attack >= (1LL << seats) || !(attack >> taker & 1))
        return refuse("the attack is not a set of seats with the taker in it");
    if (get_int(obj, N_TRICKS_DONE, &done) < 0) return -1;
    if (done < 0 || done > tb->last_trick)
        return refuse("the tricks done are not those of a deal in play");
    if (get_int(obj, N_TAKER_TRICKS, &taker_tricks) < 0 ||
        get_int(obj, N_DEFENCE_TRICKS, &defence_tricks) < 0)
        return -1;
    if (taker_tricks < 0 || defence_tricks < 0 || taker_tricks > done ||
        taker_tricks + defence_tricks != done)
        return refuse("the two sides' tricks do not add up to the tricks done");
    if (get_int(obj, N_PETIT_PREV, &petit_prev) < 0) return -1;
    if (petit_prev < -1 || petit_prev > 1) return refuse("the Petit's side is -1, 0 or 1");
    if (get_int(obj, N_ADJUST, &adjust) < 0) return -1;
    if (adjust < -ADJUST_LIMIT || adjust > ADJUST_LIMIT)
        return refuse("the Excuse's ledger is out of range");
    long long left = tb->last_trick + 1 - done;
    for (int s = 0; s < p->seats; s++) {
        int played = ((s - leader) % seats + seats) % seats < n;
        if (m_count(p->hands[s]) != left - played)
            return refuse("a hand of the wrong size for the tricks left");
    }
    p->best = (int)best;
    p->leader = (int)leader;
    p->taker = (int)taker;
    p->attack = (int)attack;
    p->tricks_done = (int)done;
    p->taker_tricks = (int)taker_tricks;
    p->defence_tricks = (int)defence_tricks;
    p->petit_prev = (int)petit_prev;
    p->adjust = adjust;
    return 0;
}

static int set_long(PyObject *obj, PyObject *name, long long v) {
    PyObject *o = PyLong_FromLongLong(v);
    if (!o) return -1;
    int r = PyObject_SetAttr(obj, name, o);
    Py_DECREF(o);
    return r;
}

/* A Pos back into the playout.Position it came from, as playout.play leaves it: the hands
 * in the same list, a new list for the trick. */
static int write_pos(PyObject *obj, const Pos *p) {
    PyObject *hands = PyObject_GetAttr(obj, N_HANDS);
    if (!hands) return -1;
    for (int s = 0; s < p->seats; s++) {
        PyObject *h = from_mask(p->hands[s]);
        if (!h || PySequence_SetItem(hands, s, h) < 0) {
            Py_XDECREF(h);
            Py_DECREF(hands);
            return -1;
        }
        Py_DECREF(h);
    }
    Py_DECREF(hands);
    PyObject *trick = PyList_New(p->n);
    if (!trick) return -1;
    for (int i = 0; i < p->n; i++) PyList_SET_ITEM(trick, i, PyLong_FromLong(p->trick[i]));
    int r = PyObject_SetAttr(obj, N_TRICK, trick);
    Py_DECREF(trick);
    if (r < 0) return -1;
    PyObject *pile = from_mask(p->pile);
    if (!pile) return -1;
    r = PyObject_SetAttr(obj, N_PILE, pile);
    Py_DECREF(pile);
    if (r < 0 || set_long(obj, N_LEADER, p->leader) < 0 ||
        set_long(obj, N_TRICKS_DONE, p->tricks_done) < 0 ||
        set_long(obj, N_ADJUST, p->adjust) < 0 ||
        set_long(obj, N_TAKER_TRICKS, p->taker_tricks) < 0 ||
        set_long(obj, N_DEFENCE_TRICKS, p->defence_tricks) < 0 ||
        set_long(obj, N_PETIT_PREV, p->petit_prev) < 0 || set_long(obj, N_BEST, p->best) < 0)
        return -1;
    return 0;
}

#define TABLE_NAME "tarot.bots._search_core.Table"

static const Table *get_table(PyObject *capsule) {
    return (const Table *)PyCapsule_GetPointer(capsule, TABLE_NAME);
}

static void free_table(PyObject *capsule) {
    PyMem_Free(PyCapsule_GetPointer(capsule, TABLE_NAME));
}

static int read_ints(PyObject *o, int size, long long *out, const char *what) {
    PyObject *seq = PySequence_Fast(o, what);
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != size) {
        Py_DECREF(seq);
        PyErr_Format(PyExc_ValueError, "%s: %d numbers expected", what, size);
        return -1;
    }
    for (int i = 0; i < size; i++) {
        out[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (out[i] == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
    }
    Py_DECREF(seq);
    return 0;
}

PyDoc_STRVAR(table_doc,
"table(points, cheapest, richest, charge, charge_safe, poorest, valuable, last_trick,\n"
"      targets, base_points, multiplier, petit_per_multiplier, poignee_total,\n"
"      chelem_declared, declared_made, declared_failed, undeclared_made, defence_made,\n"
"      compensation, excuse_kept_in_any_slam, petit_slam_counts_last)\n"
"A Scoring's numbers for the other functions (tarot.bots.search_core.table_of builds it).");

static PyObject *py_table(PyObject *self, PyObject *args) {
    PyObject *points, *cheapest, *richest, *charge, *safe, *poorest, *valuable, *targets;
    int last_trick, declared, kept_any, counts_last;
    long long base, mult, petit_mult, poignee, dmade, dfailed, umade, defmade, comp;
    if (!PyArg_ParseTuple(args, "OOOOOOOiOLLLLpLLLLLpp", &points, &cheapest, &richest, &charge,
                          &safe, &poorest, &valuable, &last_trick, &targets, &base, &mult,
                          &petit_mult, &poignee, &declared, &dmade, &dfailed, &umade, &defmade,
                          &comp, &kept_any, &counts_last))
        return NULL;
    Table *tb = PyMem_Calloc(1, sizeof(Table));
    if (!tb) return PyErr_NoMemory();
    long long pts[NCARDS];
    if (read_ints(points, NCARDS, pts, "points") < 0 ||
        read_ints(cheapest, NCARDS, tb->cheapest, "cheapest") < 0 ||
        read_ints(richest, NCARDS, tb->richest, "richest") < 0 ||
        read_ints(charge, NCARDS, tb->charge, "charge") < 0 ||
        read_ints(safe, NCARDS, tb->charge_safe, "charge_safe") < 0 ||
        read_ints(poorest, NCARDS, tb->poorest, "poorest") < 0 ||
        read_ints(targets, 4, tb->targets, "targets") < 0 || to_mask(valuable, &tb->valuable) < 0) {
        PyMem_Free(tb);
        return NULL;
    }
    for (int c = 0; c < NCARDS; c++) tb->points[c] = (int)pts[c];
    tb->last_trick = last_trick;
    tb->base_points = base;
    tb->multiplier = mult;
    tb->petit_per_multiplier = petit_mult;
    tb->poignee_total = poignee;
    tb->chelem_declared = declared;
    tb->declared_made = dmade;
    tb->declared_failed = dfailed;
    tb->undeclared_made = umade;
    tb->defence_made = defmade;
    tb->compensation = comp;
    tb->excuse_kept_in_any_slam = kept_any;
    tb->petit_slam_counts_last = counts_last;
    PyObject *capsule = PyCapsule_New(tb, TABLE_NAME, free_table);
    if (!capsule) PyMem_Free(tb);
    return capsule;
}

PyDoc_STRVAR(playout_doc,
"playout(pos, table) -> int\n"
"playout.playout: play to the end with aware_card; the per-defender score. Mutates pos.");

static PyObject *py_playout(PyObject *self, PyObject *args) {
    PyObject *obj, *capsule;
    if (!PyArg_ParseTuple(args, "OO", &obj, &capsule)) return NULL;
    const Table *tb = get_table(capsule);
    Pos p;
    if (!tb || read_pos(obj, tb, &p) < 0) return NULL;
    long long score = run_playout(&p, tb);
    if (write_pos(obj, &p) < 0) return NULL;
    return PyLong_FromLongLong(score);
}

PyDoc_STRVAR(solve_doc,
"solve(pos, table, alpha, beta) -> int\n"
"playout.solve: the exact per-defender score (alpha-beta minimax). Leaves pos as it is.");

static PyObject *py_solve(PyObject *self, PyObject *args) {
    PyObject *obj, *capsule;
    double alpha, beta;
    if (!PyArg_ParseTuple(args, "OOdd", &obj, &capsule, &alpha, &beta)) return NULL;
    const Table *tb = get_table(capsule);
    Pos p;
    if (!tb || read_pos(obj, tb, &p) < 0) return NULL;
    double value;
    Py_BEGIN_ALLOW_THREADS
    value = solve(&p, tb, alpha, beta);
    Py_END_ALLOW_THREADS
    return PyLong_FromLongLong((long long)value);
}

PyDoc_STRVAR(aware_card_doc,
"aware_card(pos, table) -> int\nplayout.aware_card: the playout policy's card.");

static PyObject *py_aware_card(PyObject *self, PyObject *args) {
    PyObject *obj, *capsule;
    if (!PyArg_ParseTuple(args, "OO", &obj, &capsule)) return NULL;
    const Table *tb = get_table(capsule);
    Pos p;
    if (!tb || read_pos(obj, tb, &p) < 0) return NULL;
    return PyLong_FromLong(aware_card(&p, tb));
}

PyDoc_STRVAR(greedy_card_doc,
"greedy_card(pos, table) -> int\nplayout.greedy_card: the first playout policy's card.");

static PyObject *py_greedy_card(PyObject *self, PyObject *args) {
    PyObject *obj, *capsule;
    if (!PyArg_ParseTuple(args, "OO", &obj, &capsule)) return NULL;
    const Table *tb = get_table(capsule);
    Pos p;
    if (!tb || read_pos(obj, tb, &p) < 0) return NULL;
    return PyLong_FromLong(greedy_card(&p, tb));
}

PyDoc_STRVAR(card_results_doc,
"card_results(pos, table, cards, exact) -> list[int]\n"
"For each card: a copy of pos, the card played, then the deal to its end (solve when\n"
"exact, else playout); each per-defender score. Leaves pos as it is.");

static PyObject *py_card_results(PyObject *self, PyObject *args) {
    PyObject *obj, *capsule, *cards;
    int exact;
    if (!PyArg_ParseTuple(args, "OOOp", &obj, &capsule, &cards, &exact)) return NULL;
    const Table *tb = get_table(capsule);
    Pos p;
    if (!tb || read_pos(obj, tb, &p) < 0) return NULL;
    PyObject *seq = PySequence_Fast(cards, "cards must be a sequence");
    if (!seq) return NULL;
    Py_ssize_t count = PySequence_Fast_GET_SIZE(seq);
    int chosen[NCARDS];
    if (count > NCARDS) { Py_DECREF(seq); PyErr_SetString(PyExc_ValueError, "too many cards"); return NULL; }
    int seat = (p.leader + p.n) % p.seats;
    for (Py_ssize_t i = 0; i < count; i++) {
        int overflow = 0;
        long long c = PyLong_AsLongLongAndOverflow(PySequence_Fast_GET_ITEM(seq, i), &overflow);
        if (c == -1 && PyErr_Occurred()) { Py_DECREF(seq); return NULL; }
        if (overflow || c < 0 || c >= NCARDS || !m_has(p.hands[seat], (int)c)) {
            Py_DECREF(seq);
            PyErr_SetString(PyExc_ValueError, "a card not in the hand of the seat to play");
            return NULL;
        }
        chosen[i] = (int)c;
    }
    Py_DECREF(seq);
    long long scores[NCARDS];
    Py_BEGIN_ALLOW_THREADS
    for (Py_ssize_t i = 0; i < count; i++) {
        Pos child = p;
        long long score;
        if (!play(&child, chosen[i], tb, &score))
            score = exact ? (long long)solve(&child, tb, -BIG, BIG) : run_playout(&child, tb);
        scores[i] = score;
    }
    Py_END_ALLOW_THREADS
    PyObject *out = PyList_New(count);
    if (!out) return NULL;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *v = PyLong_FromLongLong(scores[i]);
        if (!v) { Py_DECREF(out); return NULL; }
        PyList_SET_ITEM(out, i, v);
    }
    return out;
}

static PyMethodDef methods[] = {
    {"table", py_table, METH_VARARGS, table_doc},
    {"playout", py_playout, METH_VARARGS, playout_doc},
    {"solve", py_solve, METH_VARARGS, solve_doc},
    {"aware_card", py_aware_card, METH_VARARGS, aware_card_doc},
    {"greedy_card", py_greedy_card, METH_VARARGS, greedy_card_doc},
    {"card_results", py_card_results, METH_VARARGS, card_results_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "tarot.bots._search_core",
    "An accelerated copy of tarot.bots.playout's playout and exact search "
    "(tarot.bots.search_core dispatches to it; the Python code is the reference).",
    -1, methods,
};

PyMODINIT_FUNC PyInit__search_core(void) {
    init_beaters();
    SHIFT_SPLIT = PyLong_FromLong(SPLIT);
    SHIFT_64 = PyLong_FromLong(64);
    ZERO = PyLong_FromLong(0);
    PyObject *one = PyLong_FromLong(1), *deck = PyLong_FromLong(NCARDS);
    DECK_LIMIT = one && deck ? PyNumber_Lshift(one, deck) : NULL;
    Py_XDECREF(one);
    Py_XDECREF(deck);
    N_HANDS = PyUnicode_InternFromString("hands");
    N_TRICK = PyUnicode_InternFromString("trick");
    N_LEADER = PyUnicode_InternFromString("leader");
    N_TAKER = PyUnicode_InternFromString("taker");
    N_TRICKS_DONE = PyUnicode_InternFromString("tricks_done");
    N_PILE = PyUnicode_InternFromString("pile");
    N_ADJUST = PyUnicode_InternFromString("adjust");
    N_TAKER_TRICKS = PyUnicode_InternFromString("taker_tricks");
    N_DEFENCE_TRICKS = PyUnicode_InternFromString("defence_tricks");
    N_PETIT_PREV = PyUnicode_InternFromString("petit_prev");
    N_BEST = PyUnicode_InternFromString("best");
    N_ATTACK = PyUnicode_InternFromString("attack");
    N_SEATS = PyUnicode_InternFromString("seats");
    if (!SHIFT_SPLIT || !SHIFT_64 || !ZERO || !DECK_LIMIT || !N_HANDS || !N_TRICK || !N_LEADER || !N_TAKER ||
        !N_TRICKS_DONE || !N_PILE || !N_ADJUST || !N_TAKER_TRICKS || !N_DEFENCE_TRICKS ||
        !N_PETIT_PREV || !N_BEST || !N_ATTACK || !N_SEATS)
        return NULL;
    return PyModule_Create(&module);
}
