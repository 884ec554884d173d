import { encodePng } from './png';

// bound once: the drawing loop calls them millions of times per logo, and a global lookup each time is slow in a
// sandboxed context (jest's vm)
const { abs, cos, max, min, PI, round, sin, sqrt, SQRT2 } = Math;

export type Rgb = readonly [number, number, number];
type Point = readonly [number, number];
type Stroke = readonly Point[];

/** Points along an ellipse from one angle to another (degrees; y grows downwards, so 90° is the bottom). */
function arc(cx: number, cy: number, rx: number, ry: number, from: number, to: number): Point[] {
  const steps = max(6, round(abs(to - from) / 10));
  return Array.from({ length: steps + 1 }, (_, i) => {
    const angle = ((from + ((to - from) * i) / steps) * PI) / 180;
    return [cx + rx * cos(angle), cy + ry * sin(angle)] as const;
  });
}

const P_BOWL = [[0, 6], [0, 0], [2.4, 0], ...arc(2.4, 1.6, 1.6, 1.6, -90, 90), [0, 3.2]] as const;

/** A rounded sans-serif drawn with strokes, each letter in a 4 × 6 box: enough for a brand's initials. */
const GLYPHS: Record<string, Stroke[]> = {
  A: [
    [
      [0, 6],
      [2, 0],
      [4, 6],
    ],
    [
      [0.7, 4],
      [3.3, 4],
    ],
  ],
  B: [
    [
      [0, 0],
      [0, 6],
    ],
    [[0, 0], [2.4, 0], ...arc(2.4, 1.5, 1.4, 1.5, -90, 90), [0, 3]],
    [[0, 3], [2.5, 3], ...arc(2.5, 4.5, 1.5, 1.5, -90, 90), [0, 6]],
  ],
  C: [arc(2.2, 3, 2.2, 3, -45, -315)],
  D: [
    [
      [0, 0],
      [0, 6],
    ],
    [[0, 0], [1.4, 0], ...arc(1.4, 3, 2.6, 3, -90, 90), [0, 6]],
  ],
  E: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
      [4, 6],
    ],
    [
      [0, 3],
      [3.2, 3],
    ],
  ],
  F: [
    [
      [4, 0],
      [0, 0],
      [0, 6],
    ],
    [
      [0, 3],
      [3.2, 3],
    ],
  ],
  G: [
    [...arc(2.2, 3, 2.2, 3, -45, -360), [4.4, 3], [4.4, 4.4]],
    [
      [2.6, 3.2],
      [4.3, 3.2],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [4, 6],
    ],
    [
      [0, 3],
      [4, 3],
    ],
  ],
  I: [
    [
      [2, 0],
      [2, 6],
    ],
    [
      [0.8, 0],
      [3.2, 0],
    ],
    [
      [0.8, 6],
      [3.2, 6],
    ],
  ],
  J: [[[3.6, 0], [3.6, 4.2], ...arc(2, 4.2, 1.6, 1.8, 0, 170)]],
  K: [
    [
      [0, 0],
      [0, 6],
    ],
    [
      [4, 0],
      [0, 4],
    ],
    [
      [1.4, 2.7],
      [4, 6],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 6],
      [4, 6],
    ],
  ],
  M: [
    [
      [0, 6],
      [0, 0],
      [2, 3.8],
      [4, 0],
      [4, 6],
    ],
  ],
  N: [
    [
      [0, 6],
      [0, 0],
      [4, 6],
      [4, 0],
    ],
  ],
  O: [arc(2, 3, 2.1, 3, 0, 360)],
  P: [[...P_BOWL]],
  Q: [
    arc(2, 3, 2.1, 3, 0, 360),
    [
      [2.6, 4.4],
      [4.3, 6.3],
    ],
  ],
  R: [
    [...P_BOWL],
    [
      [2.2, 3.2],
      [4, 6],
    ],
  ],
  S: [[...arc(2, 1.55, 1.9, 1.55, -25, -270), ...arc(2, 4.5, 2, 1.5, -90, 155)]],
  T: [
    [
      [0, 0],
      [4, 0],
    ],
    [
      [2, 0],
      [2, 6],
    ],
  ],
  U: [[[0, 0], [0, 4], ...arc(2, 4, 2, 2, 180, 0), [4, 0]]],
  V: [
    [
      [0, 0],
      [2, 6],
      [4, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [1, 6],
      [2, 2.4],
      [3, 6],
      [4, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [4, 6],
    ],
    [
      [4, 0],
      [0, 6],
    ],
  ],
  Y: [
    [
      [0, 0],
      [2, 3],
      [4, 0],
    ],
    [
      [2, 3],
      [2, 6],
    ],
  ],
  Z: [
    [
      [0, 0],
      [4, 0],
      [0, 6],
      [4, 6],
    ],
  ],
};

/** A brand's initials: the first letters of its first two words, or the capitals of a single word (ByteHub → BH). */
export function initialsOf(name: string): string {
  const words = name.split(/[^A-Za-z]+/).filter(Boolean);
  const letters = words.length > 1 ? words.map((word) => word[0]) : ((words[0] ?? '').match(/[A-Z]/g) ?? []);
  return (letters.length ? letters : [words[0]?.[0] ?? 'T']).slice(0, 2).join('').toUpperCase();
}

export interface LogoStyle {
  /** the badge's colour at the top and at the bottom (a soft vertical gradient) */
  top: Rgb;
  bottom: Rgb;
  accent: Rgb;
  ink: Rgb;
  shape: 'circle' | 'rounded';
  motif: 'orbit' | 'corner' | 'band';
}

/** Each segment of the initials as 5 numbers: start x, start y, direction x, direction y, 1 / length². */
const SEGMENT = 5;

/** Distance from (x, y) to the nearest segment. */
function distanceToStrokes(x: number, y: number, segments: Float64Array): number {
  let nearest = Infinity;
  for (let i = 0; i < segments.length; i += SEGMENT) {
    const ox = x - segments[i];
    const oy = y - segments[i + 1];
    const dx = segments[i + 2];
    const dy = segments[i + 3];
    const t = max(0, min(1, (ox * dx + oy * dy) * segments[i + 4]));
    const ex = ox - t * dx;
    const ey = oy - t * dy;
    nearest = min(nearest, ex * ex + ey * ey);
  }
  return sqrt(nearest);
}

interface Initials {
  segments: Float64Array;
  halfWidth: number;
  /** the box outside which no pixel touches a stroke */
  box: { left: number; top: number; right: number; bottom: number };
}

/** The initials' strokes in pixels, centred on the canvas. */
function layoutInitials(initials: string, size: number): Initials {
  const glyphs = [...initials].map((letter) => GLYPHS[letter]).filter(Boolean);
  const gap = 1.9;
  const width = glyphs.length * 4 + (glyphs.length - 1) * gap;
  const scale = min((size * 0.36) / 6, (size * 0.56) / width);
  const left = size / 2 - (width * scale) / 2;
  const top = size / 2 - 3 * scale;
  const halfWidth = scale * 0.5;
  const values: number[] = [];
  glyphs.forEach((strokes, index) => {
    const offset = left + index * (4 + gap) * scale;
    for (const stroke of strokes)
      for (let i = 1; i < stroke.length; i += 1) {
        const ax = offset + stroke[i - 1][0] * scale;
        const ay = top + stroke[i - 1][1] * scale;
        const dx = offset + stroke[i][0] * scale - ax;
        const dy = top + stroke[i][1] * scale - ay;
        values.push(ax, ay, dx, dy, 1 / (dx * dx + dy * dy || 1));
      }
  });
  const margin = halfWidth + scale + 1;
  return {
    segments: Float64Array.from(values),
    halfWidth,
    box: {
      left: left - margin,
      top: top - margin,
      right: left + width * scale + margin,
      bottom: top + 6 * scale + margin,
    },
  };
}

const clamp01 = (value: number) => max(0, min(1, value));
const length = (x: number, y: number) => sqrt(x * x + y * y);

/** Signed distance to the badge's outline (negative inside), in pixels. */
function shapeDistance(shape: LogoStyle['shape'], x: number, y: number, size: number): number {
  const c = size / 2;
  if (shape === 'circle') return length(x - c, y - c) - size * 0.48;
  const half = size * 0.48;
  const radius = size * 0.22;
  const qx = abs(x - c) - (half - radius);
  const qy = abs(y - c) - (half - radius);
  return length(max(qx, 0), max(qy, 0)) + min(max(qx, qy), 0) - radius;
}

/** How much of the decorative motif covers the pixel, with its opacity. */
function motifCoverage(motif: LogoStyle['motif'], x: number, y: number, size: number): number {
  switch (motif) {
    case 'orbit':
      return 0.55 * clamp01(size * 0.014 - abs(length(x - size / 2, y - size / 2) - size * 0.41) + 0.5);
    case 'corner':
      return 0.3 * clamp01(size * 0.4 - length(x - size * 0.88, y - size * 0.12) + 0.5);
    case 'band':
      return 0.25 * clamp01(size * 0.11 - abs(x + y - size * 1.45) / SQRT2 + 0.5);
  }
}

/**
 * A square PNG badge with the brand's initials: anti-aliased shapes drawn from distance fields, so edges are smooth
 * at any size. Invented brands only: the demo catalogue shows no third-party trademark.
 */
export function drawLogo(initials: string, style: LogoStyle, size = 256): Buffer {
  const { segments, halfWidth, box } = layoutInitials(initials, size);
  const pixels = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      const x = px + 0.5;
      const y = py + 0.5;
      const alpha = clamp01(0.5 - shapeDistance(style.shape, x, y, size));
      if (alpha === 0) continue;
      const motif = motifCoverage(style.motif, x, y, size);
      const inBox = x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
      const ink = inBox ? clamp01(halfWidth - distanceToStrokes(x, y, segments) + 0.5) : 0;
      const at = (py * size + px) * 4;
      for (let channel = 0; channel < 3; channel += 1) {
        let value = style.top[channel] + (style.bottom[channel] - style.top[channel]) * (y / size);
        value += (style.accent[channel] - value) * motif;
        value += (style.ink[channel] - value) * ink;
        pixels[at + channel] = round(value);
      }
      pixels[at + 3] = round(alpha * 255);
    }
  }
  return encodePng(size, size, pixels);
}
