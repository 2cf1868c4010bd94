"""Synthesize Fireside's sound effects into `sounds/` (standard library only).

Every effect is made here from noise and sine waves, so the sounds are our own
work and can be rebuilt byte for byte: each sound draws from its own seeded
random generator.  Output: 16-bit mono 22050 Hz WAV, peak -6 dBFS, short fades
at both ends so nothing clicks.

    python build/make_sounds.py [--out DIR]
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
PEAK_DBFS = -6.0
OUT_DIR = Path(__file__).resolve().parents[1] / "sounds"

Samples = list[float]


# -- building blocks -------------------------------------------------------------


def n_samples(seconds: float) -> int:
    """Sample count for a duration, so every generator agrees on lengths."""
    return max(1, round(seconds * RATE))


def silence(seconds: float) -> Samples:
    """A buffer to mix shorter events into."""
    return [0.0] * n_samples(seconds)


def white(rng: random.Random, seconds: float) -> Samples:
    """Uniform white noise in -1..1: the raw stuff of paper and felt sounds."""
    return [rng.uniform(-1.0, 1.0) for _ in range(n_samples(seconds))]


def lowpass(x: Samples, cutoff: float | Callable[[float], float]) -> Samples:
    """One-pole low-pass; `cutoff` may change over time (t in 0..1) for sweeps."""
    out, y, n = [], 0.0, len(x)
    for i, v in enumerate(x):
        fc = cutoff(i / n) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-2.0 * math.pi * fc / RATE)
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Samples, cutoff: float) -> Samples:
    """One-pole high-pass: removes rumble and DC so soft sounds stay clean."""
    return [v - w for v, w in zip(x, lowpass(x, cutoff))]


def bandpass(x: Samples, low: float, high: float, passes: int = 2) -> Samples:
    """Cascaded one-poles: a gentle band that sounds like paper, not hiss."""
    for _ in range(passes):
        x = lowpass(highpass(x, low), high)
    return x


def envelope(n: int, attack: float, decay: float, shape: float = 1.0) -> Samples:
    """Linear attack then exponential decay (time constant `decay` seconds)."""
    a = max(1, n_samples(attack))
    env = []
    for i in range(n):
        if i < a:
            env.append((i / a) ** shape)
        else:
            env.append(math.exp(-(i - a) / (decay * RATE)))
    return env


def times(x: Samples, y: Samples) -> Samples:
    """Sample-wise product (apply an envelope)."""
    return [a * b for a, b in zip(x, y)]


def mix_into(dest: Samples, src: Samples, at: float, gain: float = 1.0) -> None:
    """Add `src` into `dest` starting `at` seconds in (clipped at the end)."""
    start = n_samples(at) if at > 0 else 0
    for i, v in enumerate(src[: max(0, len(dest) - start)]):
        dest[start + i] += gain * v


def tone(freq: float | Callable[[float], float], seconds: float, partials: tuple[float, ...] = (1.0,)) -> Samples:
    """A sine (plus harmonics with the given weights); `freq` may glide over t in 0..1."""
    n = n_samples(seconds)
    out, phase = [], 0.0
    for i in range(n):
        f = freq(i / n) if callable(freq) else freq
        phase += 2.0 * math.pi * f / RATE
        out.append(sum(w * math.sin(k * phase) for k, w in enumerate(partials, start=1)))
    return out


def fade(x: Samples, fade_in: float = 0.003, fade_out: float = 0.012) -> Samples:
    """Raised-cosine fades: a note cut off mid-ring would click."""
    n = len(x)
    fi, fo = min(n // 2, n_samples(fade_in)), min(n // 2, n_samples(fade_out))
    x = list(x)
    for i in range(fi):
        x[i] *= 0.5 - 0.5 * math.cos(math.pi * i / fi)
    for i in range(fo):
        x[n - 1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / fo)
    return x


def bell(freq: float, seconds: float, decay: float, attack: float = 0.006) -> Samples:
    """A soft bell: a few slightly inharmonic partials, the high ones fading first."""
    n = n_samples(seconds)
    out = [0.0] * n
    for ratio, weight, life in ((1.0, 1.0, 1.0), (2.0, 0.35, 0.55), (3.01, 0.12, 0.3), (4.2, 0.05, 0.18)):
        env = envelope(n, attack, decay * life)
        step = 2.0 * math.pi * freq * ratio / RATE
        for i in range(n):
            out[i] += weight * env[i] * math.sin(step * i)
    return fade(out, 0.0, 0.04)


def finish(x: Samples) -> Samples:
    """Fade both ends and normalise to PEAK_DBFS: quiet, and no clicks."""
    x = fade(x)
    peak = max(abs(v) for v in x) or 1.0
    gain = 10 ** (PEAK_DBFS / 20) / peak
    return [v * gain for v in x]


# -- the effects -------------------------------------------------------------------


def slide(rng: random.Random) -> Samples:
    """Card slide: a 120 ms swish of band-limited noise whose brightness falls."""
    x = white(rng, 0.12)
    x = lowpass(highpass(x, 500), lambda t: 5000 - 3500 * t)
    x = lowpass(lowpass(x, 3500), 3500)
    return times(x, envelope(len(x), 0.025, 0.035, shape=2.0))


def flip(rng: random.Random) -> Samples:
    """Card flip: a papery snap, a short bright burst with a tiny tonal 'tick'."""
    x = bandpass(white(rng, 0.08), 900, 5000)
    x = times(x, envelope(len(x), 0.002, 0.014))
    snap = times(tone(1700, 0.08), envelope(n_samples(0.08), 0.001, 0.006))
    whoosh = times(bandpass(white(rng, 0.08), 300, 1500), envelope(n_samples(0.08), 0.03, 0.02, 2.0))
    return [a + 0.25 * b + 0.5 * c for a, b, c in zip(x, snap, whoosh)]


def shuffle(rng: random.Random) -> Samples:
    """Riffle shuffle: ~40 tiny paper ticks speeding up, then a soft settle."""
    out = silence(0.5)
    t = 0.02
    while t < 0.40:
        tick = bandpass(white(rng, 0.02), 1200, 6000, passes=1)
        tick = times(tick, envelope(len(tick), 0.0008, 0.003))
        mix_into(out, tick, t, rng.uniform(0.5, 1.0))
        t += rng.uniform(0.006, 0.012) if t > 0.08 else rng.uniform(0.012, 0.02)
    settle = bandpass(white(rng, 0.1), 250, 1800)
    mix_into(out, times(settle, envelope(len(settle), 0.01, 0.025)), 0.40, 1.2)
    return out


def deal(rng: random.Random) -> Samples:
    """Dealing one card: a soft, quick tick (played many times in a row)."""
    x = bandpass(white(rng, 0.05), 700, 3500)
    x = times(x, envelope(len(x), 0.001, 0.008))
    body = times(tone(900, 0.05), envelope(n_samples(0.05), 0.001, 0.005))
    return [a + 0.15 * b for a, b in zip(x, body)]


def gather(rng: random.Random) -> Samples:
    """Trick gathered: two overlapping slides and a muffled tap as the pile squares up."""
    out = silence(0.25)
    for at, gain in ((0.0, 0.8), (0.06, 1.0)):
        s = lowpass(highpass(white(rng, 0.13), 400), lambda t: 3500 - 2500 * t)
        mix_into(out, times(s, envelope(len(s), 0.03, 0.03, 2.0)), at, gain)
    tap = bandpass(white(rng, 0.06), 150, 900)
    mix_into(out, times(tap, envelope(len(tap), 0.002, 0.015)), 0.17, 1.6)
    return out


def rumble(rng: random.Random) -> Samples:
    """Avalanche fall: 700 ms of low, rolling brown-ish noise with a sagging tone."""
    n = n_samples(0.7)
    brown, y = [], 0.0
    for _ in range(n):
        y = 0.98 * y + rng.uniform(-1.0, 1.0)
        brown.append(y)
    x = lowpass(lowpass(highpass(brown, 30), lambda t: 420 - 250 * t), 300)
    roll = [1.0 + 0.35 * math.sin(2 * math.pi * 7.0 * i / RATE) for i in range(n)]
    low = tone(lambda t: 70 - 25 * t, 0.7)
    peak_x = max(abs(v) for v in x) or 1.0
    body = [v / peak_x * r + 0.3 * w for v, r, w in zip(x, roll, low)]
    return times(body, envelope(n, 0.12, 0.25, shape=1.5))


def stop(rng: random.Random) -> Samples:
    """Avalanche stopped: a soft thud, a falling low sine with a puff of felt noise."""
    n = n_samples(0.22)
    thump = times(tone(lambda t: 120 - 60 * t, 0.22), envelope(n, 0.004, 0.05))
    puff = times(bandpass(white(rng, 0.22), 100, 700), envelope(n, 0.002, 0.02))
    return [a + 0.35 * b for a, b in zip(thump, puff)]


def chime(rng: random.Random) -> Samples:
    """Round scored: a pleasant rising two-note chime (G5 then D6) ringing out."""
    out = silence(0.62)
    mix_into(out, bell(783.99, 0.62, 0.22), 0.0, 0.8)
    mix_into(out, bell(1174.66, 0.5, 0.2), 0.12, 0.9)
    return out


def heart(rng: random.Random) -> Samples:
    """Heart token: a warm rounded 'pop' that blooms into a low bell (A4 + E5)."""
    out = silence(0.4)
    n_pop = n_samples(0.06)
    pop = fade(times(tone(lambda t: 300 + 500 * t, 0.06), envelope(n_pop, 0.003, 0.015)), 0.0, 0.02)
    mix_into(out, pop, 0.0, 0.7)
    mix_into(out, bell(440.0, 0.37, 0.14, attack=0.008), 0.03, 1.0)
    mix_into(out, bell(659.26, 0.35, 0.1, attack=0.008), 0.03, 0.35)
    return out


def click(rng: random.Random) -> Samples:
    """UI click: a very short, rounded tick."""
    n = n_samples(0.03)
    body = times(tone(1400, 0.03, (1.0, 0.2)), envelope(n, 0.0008, 0.004))
    grit = times(bandpass(white(rng, 0.03), 1500, 6000, passes=1), envelope(n, 0.0005, 0.002))
    return [a + 0.3 * b for a, b in zip(body, grit)]


def error(rng: random.Random) -> Samples:
    """Illegal click: a soft, low two-step 'nope' (falling minor third)."""
    out = silence(0.28)
    for at, freq in ((0.0, 233.08), (0.11, 196.0)):
        n = n_samples(0.15)
        note = fade(times(tone(freq, 0.15, (1.0, 0.3, 0.1)), envelope(n, 0.01, 0.05)), 0.0, 0.03)
        mix_into(out, note, at)
    return lowpass(out, 1200)


def win(rng: random.Random) -> Samples:
    """Game end: a short happy arpeggio, C5 E5 G5 C6, with the last note ringing."""
    out = silence(0.95)
    notes = (523.25, 659.26, 783.99, 1046.5)
    for i, freq in enumerate(notes):
        last = i == len(notes) - 1
        mix_into(out, bell(freq, 0.6 if last else 0.35, 0.25 if last else 0.12), 0.1 * i, 0.8 + 0.1 * i)
    mix_into(out, bell(783.99, 0.55, 0.22), 0.3, 0.35)  # G under the top C: a full chord at the end
    return out


EFFECTS: dict[str, Callable[[random.Random], Samples]] = {
    "slide": slide,
    "flip": flip,
    "shuffle": shuffle,
    "deal": deal,
    "gather": gather,
    "rumble": rumble,
    "stop": stop,
    "chime": chime,
    "heart": heart,
    "click": click,
    "error": error,
    "win": win,
}


def write_wav(path: Path, samples: Samples) -> None:
    """Write 16-bit mono PCM; values are already within -1..1."""
    frames = struct.pack(f"<{len(samples)}h", *(max(-32767, min(32767, round(v * 32767))) for v in samples))
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(frames)


def build(out_dir: Path = OUT_DIR) -> dict[str, int]:
    """Render every effect into `out_dir`; returns file sizes in bytes by name."""
    out_dir.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for name, make in EFFECTS.items():
        rng = random.Random(f"fireside-sound-{name}")  # own fixed seed: rebuilds are identical
        path = out_dir / f"{name}.wav"
        write_wav(path, finish(make(rng)))
        sizes[name] = path.stat().st_size
    return sizes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT_DIR, help="output folder (default: sounds/)")
    args = parser.parse_args()
    sizes = build(args.out)
    for name, size in sizes.items():
        print(f"{name + '.wav':12} {size / 1024:6.1f} KB")
    print(f"{'total':12} {sum(sizes.values()) / 1024:6.1f} KB -> {args.out}")


if __name__ == "__main__":
    main()
