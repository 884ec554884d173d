import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { FunnelDay } from '@tullab/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../format';

/** The series the chart draws, each a figure of a day. */
export const CHART_SERIES = ['views', 'reveals', 'redemptions'] as const;
type Series = (typeof CHART_SERIES)[number];

/** The drawing's width before the box is measured (and where nothing measures, as in tests). */
const DEFAULT_WIDTH = 640;
const PAD = { top: 12, right: 16, bottom: 28, left: 44 };

/**
 * The width of the box the chart sits in, followed as it changes (a phone turned, a window resized), so the chart is
 * drawn at the size it shows and its text stays readable on a phone.
 */
function useBoxWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry && entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(box);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

/** A round top for the vertical axis: 1, 2 or 5 times a power of ten, at least the largest figure. */
export function niceMax(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) ?? value) as number;
}

/**
 * The funnel per day as lines (views, reveals, redemptions), hand-drawn in SVG and scaled to its box. Screen readers
 * skip the drawing: the day-by-day table beside it says the same.
 */
export function FunnelChart({ days }: { days: FunnelDay[] }) {
  const { t } = useTranslation('merchant');
  const format = useFormat();
  const theme = useTheme();
  const { ref, width: WIDTH } = useBoxWidth();
  const HEIGHT = Math.round(Math.min(280, Math.max(180, WIDTH * 0.4)));
  const colours: Record<Series, string> = {
    views: theme.palette.grey[500],
    reveals: theme.palette.primary.main,
    redemptions: theme.palette.secondary.main,
  };
  const top = niceMax(Math.max(0, ...days.flatMap((day) => CHART_SERIES.map((series) => day[series]))));
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) =>
    PAD.left + (days.length <= 1 ? innerWidth / 2 : (index / (days.length - 1)) * innerWidth);
  const y = (value: number) => PAD.top + innerHeight - (value / top) * innerHeight;
  // whole numbers only: a middle line when the top is even
  const ticks = top % 2 === 0 ? [0, top / 2, top] : [0, top];
  // a label every few days, so they never overlap: about one per 90 pixels
  const labelEvery = Math.max(1, Math.ceil(days.length / Math.max(2, Math.floor(WIDTH / 90))));
  const anchorOf = (index: number) => (index === 0 ? 'start' : index === days.length - 1 ? 'end' : 'middle');

  return (
    <Box>
      {/* time runs left to right in both languages, as figures do */}
      <Box ref={ref} dir="ltr" aria-hidden="true" data-testid="funnel-chart">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          width="100%"
          height={HEIGHT}
          role="presentation"
          focusable="false"
          style={{ display: 'block' }}
        >
          {ticks.map((tick) => (
            <g key={tick}>
              <line
                x1={PAD.left}
                x2={WIDTH - PAD.right}
                y1={y(tick)}
                y2={y(tick)}
                stroke={theme.palette.divider}
              />
              <text x={PAD.left - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" fill="currentColor">
                {format.number(Math.round(tick))}
              </text>
            </g>
          ))}
          {days.map((day, index) =>
            index % labelEvery === 0 || index === days.length - 1 ? (
              <text
                key={day.day}
                x={x(index)}
                y={HEIGHT - 8}
                textAnchor={days.length <= 1 ? 'middle' : anchorOf(index)}
                fontSize="11"
                fill="currentColor"
              >
                {format.shortDay(day.day)}
              </text>
            ) : null,
          )}
          {CHART_SERIES.map((series) => (
            <g key={series}>
              <polyline
                fill="none"
                stroke={colours[series]}
                strokeWidth={2.5}
                strokeLinejoin="round"
                points={days.map((day, index) => `${x(index)},${y(day[series])}`).join(' ')}
              />
              {days.length <= WIDTH / 12
                ? days.map((day, index) => (
                    <circle key={day.day} cx={x(index)} cy={y(day[series])} r={2.5} fill={colours[series]} />
                  ))
                : null}
            </g>
          ))}
        </svg>
      </Box>
      <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', mt: 1 }} aria-hidden="true">
        {CHART_SERIES.map((series) => (
          <Stack key={series} direction="row" spacing={0.75} sx={{ alignItems: 'center' }}>
            <Box sx={{ width: 14, height: 4, borderRadius: 2, bgcolor: colours[series] }} />
            <Typography variant="caption">{t(`funnel.figures.${series}`)}</Typography>
          </Stack>
        ))}
      </Stack>
    </Box>
  );
}
