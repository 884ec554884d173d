import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { humanise } from '../../format';
import { ChartTable } from './ChartTable';

export interface ChartSeries {
  key: string;
  name: string;
  color: string;
}

export interface ChartPoint {
  id: string;
  /** the point's full name, read out and shown in the tooltip ('Thu, 12 Nov 2026') */
  label: string;
  /** the axis label ('12 Nov') */
  tick: string;
  values: Record<string, number>;
}

export interface ColumnChartProps {
  title: string;
  series: ChartSeries[];
  points: ChartPoint[];
  /** the drawing's height in CSS pixels (its width is the space it gets) */
  height?: number;
  /** what one point is, for the help text and the table ('day') */
  pointName?: string;
}

/** The drawing width until the chart's box is measured (and where nothing measures it, as in tests). */
const DEFAULT_WIDTH = 640;
const MARGIN = { top: 12, right: 8, bottom: 28, left: 40 };
const GRID_LINES = 4;
/** Room for one axis label, so labels never overlap. */
const TICK_SPACING = 64;

/**
 * The width of the element in CSS pixels, followed as it resizes. The SVG is drawn in those units, so its text keeps
 * its size in a narrow panel instead of shrinking with the picture.
 */
function useWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(DEFAULT_WIDTH);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry.contentRect.width > 0) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** A round step for the value axis so that GRID_LINES steps cover `max` (1, 2 or 5 times a power of ten). */
export function niceStep(max: number): number {
  const rough = Math.max(max, 1) / GRID_LINES;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((candidate) => candidate >= rough) ?? 10 * power;
  return Math.max(1, step);
}

/** '12 Nov: 5 submitted, 3 approved': one point in words. */
export const describePoint = (point: ChartPoint, series: ChartSeries[]) =>
  `${point.label}: ${series.map((s) => `${point.values[s.key] ?? 0} ${s.name.toLowerCase()}`).join(', ')}`;

/**
 * Grouped columns over time, drawn in SVG. Keyboard and screen-reader friendly: the chart is one tab stop, the
 * arrow keys (and Home/End) move between points, each point is read as a sentence, the focused or hovered point
 * shows its numbers, and every number is also in a table under the chart.
 */
export function ColumnChart({ title, series, points, height = 220, pointName = 'day' }: ColumnChartProps) {
  const id = useId();
  const [active, setActive] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  const groups = useRef<(SVGGElement | null)[]>([]);
  const box = useRef<HTMLDivElement>(null);
  const width = useWidth(box);

  const plotWidth = width - MARGIN.left - MARGIN.right;
  const plotHeight = height - MARGIN.top - MARGIN.bottom;
  const max = Math.max(0, ...points.flatMap((point) => series.map((s) => point.values[s.key] ?? 0)));
  const step = niceStep(max);
  const top = step * GRID_LINES;
  const y = (value: number) => MARGIN.top + plotHeight - (value / top) * plotHeight;
  const slot = plotWidth / Math.max(points.length, 1);
  const barWidth = (slot * 0.8) / Math.max(series.length, 1);
  const tickEvery = Math.ceil(points.length / Math.max(2, Math.floor(plotWidth / TICK_SPACING)));
  // The tab stop: the point last moved to, else the latest one.
  const current = active ?? points.length - 1;

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(points.length - 1, index));
    setActive(next);
    groups.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowLeft: current - 1,
      Home: 0,
      End: points.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    moveTo(moves[event.key]);
  };

  const tooltip =
    active === null || !points[active]
      ? null
      : {
          point: points[active],
          left: `${((MARGIN.left + (active + 0.5) * slot) / width) * 100}%`,
          // past the middle the box opens to the left of the point, so it stays inside the chart
          transform: active > points.length / 2 ? 'translate(-105%, 0)' : 'translate(5%, 0)',
        };

  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Typography component="figcaption" id={`${id}-title`} variant="subtitle1" sx={{ fontWeight: 600 }}>
        {title}
      </Typography>
      {series.length > 1 ? (
        <Box
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, my: 1 }}
        >
          {series.map((s) => (
            <Box
              component="li"
              key={s.key}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, fontSize: 13 }}
            >
              <Box
                component="span"
                aria-hidden
                sx={{ width: 12, height: 12, bgcolor: s.color, borderRadius: 0.5 }}
              />
              {s.name}
            </Box>
          ))}
        </Box>
      ) : null}
      <Box ref={box} sx={{ position: 'relative' }} onMouseLeave={() => !focused && setActive(null)}>
        <svg
          viewBox={`0 0 ${width} ${height}`}
          width="100%"
          role="group"
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-help`}
          style={{ display: 'block', overflow: 'visible' }}
        >
          {Array.from({ length: GRID_LINES + 1 }, (_, line) => {
            const value = line * step;
            return (
              <g key={line} aria-hidden>
                <line
                  x1={MARGIN.left}
                  x2={width - MARGIN.right}
                  y1={y(value)}
                  y2={y(value)}
                  stroke="#E0E0E0"
                />
                <text x={MARGIN.left - 6} y={y(value) + 4} textAnchor="end" fontSize={11} fill="#555">
                  {value}
                </text>
              </g>
            );
          })}
          {points.map((point, index) => {
            const left = MARGIN.left + index * slot;
            return (
              <g
                key={point.id}
                ref={(element) => {
                  groups.current[index] = element;
                }}
                role="img"
                aria-label={describePoint(point, series)}
                tabIndex={index === current ? 0 : -1}
                onKeyDown={onKeyDown}
                onFocus={() => {
                  setFocused(true);
                  setActive(index);
                }}
                onBlur={() => setFocused(false)}
                onMouseEnter={() => setActive(index)}
                style={{ outline: 'none' }}
              >
                <rect x={left} y={MARGIN.top} width={slot} height={plotHeight} fill="transparent" />
                {active === index ? (
                  <rect
                    x={left}
                    y={MARGIN.top}
                    width={slot}
                    height={plotHeight}
                    fill="#0B2E1F"
                    fillOpacity={0.06}
                    stroke={focused ? '#0B2E1F' : 'none'}
                    strokeWidth={1.5}
                  />
                ) : null}
                {series.map((s, position) => {
                  const value = point.values[s.key] ?? 0;
                  return (
                    <rect
                      key={s.key}
                      x={left + slot * 0.1 + position * barWidth}
                      y={y(value)}
                      width={Math.max(barWidth - 1, 1)}
                      height={MARGIN.top + plotHeight - y(value)}
                      fill={s.color}
                    />
                  );
                })}
                {index % tickEvery === 0 ? (
                  <text
                    x={left + slot / 2}
                    y={height - 8}
                    textAnchor="middle"
                    fontSize={11}
                    fill="#555"
                    aria-hidden
                  >
                    {point.tick}
                  </text>
                ) : null}
              </g>
            );
          })}
        </svg>
        {tooltip ? (
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              top: 0,
              left: tooltip.left,
              transform: tooltip.transform,
              bgcolor: 'background.paper',
              border: 1,
              borderColor: 'divider',
              borderRadius: 1,
              boxShadow: 2,
              px: 1,
              py: 0.5,
              fontSize: 12,
              pointerEvents: 'none',
              whiteSpace: 'nowrap',
            }}
          >
            <strong>{tooltip.point.label}</strong>
            {series.map((s) => (
              <div key={s.key}>
                {s.name}: {tooltip.point.values[s.key] ?? 0}
              </div>
            ))}
          </Box>
        ) : null}
      </Box>
      <Typography id={`${id}-help`} variant="caption" color="text.secondary">
        Use the arrow keys to move from one {pointName} to the next.
      </Typography>
      <ChartTable
        caption={title}
        columns={[humanise(pointName), ...series.map((s) => s.name)]}
        rows={points.map((point) => ({
          id: point.id,
          cells: [point.label, ...series.map((s) => point.values[s.key] ?? 0)],
        }))}
      />
    </Box>
  );
}
