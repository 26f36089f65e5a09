import { useCallback, useEffect, useMemo, useRef } from 'react'
import type { EChartsType } from 'echarts/core'
import { EChart } from '~/components/charts/echart'
import { speedBands } from '~/components/map/speed_bands'
import type { TrackPoint } from '~/components/map/types'
import { useFormat } from '~/lib/format'

/** At most this many cursor moves per second reach the chart (it redraws on each). */
const CURSOR_INTERVAL_MS = 100

/**
 * Speed over time, coloured by the map's speed bands. Hovering reports the time under the
 * pointer (the map shows the vehicle there), a click seeks the playback, and a vertical line
 * follows the playback.
 */
export function SpeedChart({
  points,
  cursorTime,
  onHover,
  onSeek,
  label,
}: {
  points: TrackPoint[]
  cursorTime: number | null
  onHover: (time: number | null) => void
  onSeek: (time: number) => void
  label: string
}) {
  const format = useFormat()
  const chart = useRef<EChartsType | null>(null)
  const handlers = useRef({ onHover, onSeek })
  const lastCursorUpdate = useRef(0)
  const pendingCursor = useRef<ReturnType<typeof setTimeout> | null>(null)
  const formatRef = useRef(format)

  useEffect(() => {
    handlers.current = { onHover, onSeek }
    formatRef.current = format
  })

  const speedUnit = format.speedUnit
  const option = useMemo(
    () => ({
      animation: false,
      grid: { left: 8, right: 16, top: 28, bottom: 8, containLabel: true },
      tooltip: {
        trigger: 'axis',
        axisPointer: { type: 'line', snap: false },
        formatter: (params: { value: [number, number] }[]) => {
          const [time, speed] = params[0]?.value ?? []
          if (time === undefined) return ''
          return `${formatRef.current.time(time, true)}<br/><b>${formatRef.current.speed(speed)}</b>`
        },
      },
      xAxis: {
        type: 'time',
        axisLabel: {
          color: '#64748b',
          hideOverlap: true,
          formatter: (value: number) => formatRef.current.time(value),
        },
        axisLine: { lineStyle: { color: '#cbd5e1' } },
        splitLine: { show: false },
      },
      yAxis: {
        type: 'value',
        name: speedUnit,
        nameTextStyle: { color: '#64748b' },
        axisLabel: {
          color: '#64748b',
          formatter: (value: number) => formatRef.current.number(value),
        },
        splitLine: { lineStyle: { color: '#f1f5f9' } },
      },
      visualMap: {
        show: false,
        dimension: 1,
        pieces: speedBands.map((band) => ({
          gte: band.min,
          ...(Number.isFinite(band.max) ? { lt: band.max } : {}),
          color: band.color,
        })),
      },
      dataZoom: [{ type: 'inside', xAxisIndex: 0 }],
      series: [
        {
          id: 'speed',
          type: 'line',
          showSymbol: false,
          sampling: 'lttb',
          lineStyle: { width: 1.5 },
          data: points.map((point) => [point[0], point[3]]),
        },
      ],
    }),
    [points, speedUnit]
  )

  const onReady = useCallback((instance: EChartsType) => {
    chart.current = instance
    instance.on('updateAxisPointer', (event: unknown) => {
      const value = (event as { axesInfo?: { value: number }[] }).axesInfo?.[0]?.value
      if (typeof value === 'number') handlers.current.onHover(value)
    })
    instance.getZr().on('globalout', () => handlers.current.onHover(null))
    instance.getZr().on('click', (event: { offsetX: number; offsetY: number }) => {
      const [time] = instance.convertFromPixel({ seriesIndex: 0 }, [event.offsetX, event.offsetY])
      if (Number.isFinite(time)) handlers.current.onSeek(time)
    })
  }, [])

  useEffect(() => {
    const draw = () => {
      lastCursorUpdate.current = Date.now()
      pendingCursor.current = null
      chart.current?.setOption({
        series: [
          {
            id: 'speed',
            markLine: {
              silent: true,
              symbol: 'none',
              animation: false,
              label: { show: false },
              lineStyle: { color: '#0f172a', width: 1, type: 'solid' },
              data: cursorTime === null ? [] : [{ xAxis: cursorTime }],
            },
          },
        ],
      })
    }
    const wait = lastCursorUpdate.current + CURSOR_INTERVAL_MS - Date.now()
    if (pendingCursor.current) clearTimeout(pendingCursor.current)
    if (wait <= 0) draw()
    else pendingCursor.current = setTimeout(draw, wait)
  }, [cursorTime])

  useEffect(
    () => () => {
      if (pendingCursor.current) clearTimeout(pendingCursor.current)
    },
    []
  )

  return (
    <EChart option={option} label={label} className="h-44" onReady={onReady} testId="speed-chart" />
  )
}
