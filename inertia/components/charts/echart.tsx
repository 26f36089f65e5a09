import { clsx } from 'clsx'
import { useEffect, useRef } from 'react'
import type { EChartsCoreOption, EChartsType } from 'echarts/core'
import { loadECharts } from '~/components/charts/load_echarts'

/**
 * An Apache ECharts chart: an empty box on the server, drawn in the browser once ECharts has
 * loaded; resized with its box. `option` replaces the chart's option when it changes;
 * `onReady` hands the instance out for events and cursors.
 */
export function EChart({
  option,
  label,
  className,
  onReady,
  testId,
}: {
  option: EChartsCoreOption
  /** What the chart shows, for screen readers. */
  label: string
  className?: string
  onReady?: (chart: EChartsType) => void
  testId?: string
}) {
  const element = useRef<HTMLDivElement>(null)
  const chart = useRef<EChartsType | null>(null)
  const latestOption = useRef(option)
  const ready = useRef(onReady)

  useEffect(() => {
    latestOption.current = option
    ready.current = onReady
  })

  useEffect(() => {
    let disposed = false
    let observer: ResizeObserver | null = null
    loadECharts().then((echarts) => {
      if (disposed || !element.current) return
      const instance = echarts.init(element.current, undefined, { renderer: 'canvas' })
      instance.setOption(latestOption.current)
      chart.current = instance
      observer = new ResizeObserver(() => instance.resize())
      observer.observe(element.current)
      ready.current?.(instance)
    })
    return () => {
      disposed = true
      observer?.disconnect()
      chart.current?.dispose()
      chart.current = null
    }
  }, [])

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true })
  }, [option])

  return (
    <div
      ref={element}
      role="img"
      aria-label={label}
      data-testid={testId}
      className={clsx('min-h-40 w-full', className)}
    />
  )
}
