/**
 * ECharts with only the parts the live screens and reports draw (bar and line charts, grid, legend, tooltip,
 * axis pointer, data zoom, mark lines, canvas renderer), loaded once, in the browser, when a
 * chart first mounts: pages without charts never download it.
 */
let loading: Promise<typeof import('echarts/core')> | null = null

export function loadECharts() {
  loading ??= Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]).then(([core, charts, components, renderers]) => {
    core.use([
      charts.BarChart,
      charts.LineChart,
      components.GridComponent,
      components.LegendComponent,
      components.TooltipComponent,
      components.DataZoomComponent,
      components.MarkLineComponent,
      components.VisualMapComponent,
      renderers.CanvasRenderer,
    ])
    return core
  })
  return loading
}
