import { Fuel, Gauge, Radio } from 'lucide-react'
import { useI18n } from '~/lib/i18n'

const roads = [
  'M-10 95 C120 90 220 130 330 120 S520 80 620 100',
  'M-10 300 C90 290 200 320 300 300 S480 250 620 270',
  'M140 -10 C150 90 120 200 160 300 S170 400 150 440',
  'M430 -10 C420 100 460 180 440 280 S420 380 450 440',
]

const blocks = [
  [20, 20, 90, 55],
  [190, 18, 110, 70],
  [350, 20, 60, 50],
  [480, 15, 110, 60],
  [20, 140, 95, 130],
  [195, 150, 90, 110],
  [320, 150, 95, 110],
  [480, 135, 110, 110],
  [20, 330, 100, 80],
  [195, 335, 220, 75],
  [480, 310, 110, 100],
]

/**
 * The home page's product picture: a live map with a route, moving vehicles and a geofence,
 * with a vehicle card and a fuel card over it. Inline SVG and CSS, no images. The route is
 * drawn still: animating its dashes repainted the picture on every frame, tasks of 50 to
 * 300 ms on a phone's main thread for as long as the page stays open. Only the "online"
 * dot pulses (transform and opacity, which the compositor animates), not for visitors who
 * prefer reduced motion.
 */
export function HeroVisual() {
  const { t } = useI18n()
  return (
    <figure className="relative mx-auto w-full max-w-xl lg:max-w-none">
      <figcaption className="sr-only">{t('site.home.visual.label')}</figcaption>
      <div
        className="absolute -inset-6 -z-10 rounded-[2.5rem] bg-gradient-to-tr from-brand-100 via-white to-sky-100 blur-2xl"
        aria-hidden="true"
      />
      <div className="overflow-hidden rounded-3xl border border-slate-200 bg-white shadow-2xl shadow-brand-900/15 ring-1 ring-slate-900/5">
        <div className="flex items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
          <div className="flex items-center gap-1.5" aria-hidden="true">
            <span className="size-2.5 rounded-full bg-red-300" />
            <span className="size-2.5 rounded-full bg-amber-300" />
            <span className="size-2.5 rounded-full bg-emerald-300" />
          </div>
          <p className="text-xs font-medium text-slate-500">{t('site.home.visual.title')}</p>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-700 ring-1 ring-emerald-600/20">
            <span className="relative flex size-2" aria-hidden="true">
              <span className="absolute inline-flex size-full animate-ping rounded-full bg-emerald-400 opacity-60 motion-reduce:animate-none" />
              <span className="relative inline-flex size-2 rounded-full bg-emerald-500" />
            </span>
            {t('site.home.visual.online', { count: 12 })}
          </span>
        </div>
        <svg
          viewBox="0 0 600 420"
          className="block h-auto w-full"
          aria-hidden="true"
          focusable="false"
        >
          <rect width="600" height="420" fill="#f8fafc" />
          {blocks.map(([x, y, w, h]) => (
            <rect key={`${x}-${y}`} x={x} y={y} width={w} height={h} rx="10" fill="#eef2f6" />
          ))}
          <path d="M330 150h95v110h-95z" fill="#dcfce7" opacity="0.9" />
          <path d="M-10 395 C120 370 260 400 380 385 S560 360 620 372 V430 H-10 Z" fill="#dbeafe" />
          {roads.map((d) => (
            <g key={d}>
              <path d={d} fill="none" stroke="#e2e8f0" strokeWidth="22" strokeLinecap="round" />
              <path d={d} fill="none" stroke="#ffffff" strokeWidth="16" strokeLinecap="round" />
            </g>
          ))}
          <circle
            cx="470"
            cy="190"
            r="62"
            fill="#14b8a6"
            fillOpacity="0.07"
            stroke="#0d9488"
            strokeWidth="2"
            strokeDasharray="6 6"
          />
          <path
            d="M70 300 C150 300 150 210 160 170 C170 120 260 125 330 120 C390 116 430 110 440 170 C448 215 455 250 470 190"
            fill="none"
            stroke="#0d9488"
            strokeOpacity="0.25"
            strokeWidth="10"
            strokeLinecap="round"
          />
          <path
            d="M70 300 C150 300 150 210 160 170 C170 120 260 125 330 120 C390 116 430 110 440 170 C448 215 455 250 470 190"
            fill="none"
            stroke="#0d9488"
            strokeWidth="4"
            strokeLinecap="round"
            strokeDasharray="12 6"
          />
          <circle cx="70" cy="300" r="7" fill="#ffffff" stroke="#0f766e" strokeWidth="3" />
          <g transform="translate(330 120)">
            <circle r="18" fill="#0d9488" fillOpacity="0.15" />
            <circle r="11" fill="#0d9488" stroke="#ffffff" strokeWidth="3" />
            <path d="M0 -5 L4 4 L0 2 L-4 4 Z" fill="#ffffff" />
          </g>
          <g transform="translate(160 240)">
            <circle r="10" fill="#f59e0b" stroke="#ffffff" strokeWidth="3" />
          </g>
          <g transform="translate(545 300)">
            <circle r="10" fill="#64748b" stroke="#ffffff" strokeWidth="3" />
          </g>
          <g transform="translate(250 335)">
            <circle r="10" fill="#0d9488" stroke="#ffffff" strokeWidth="3" />
          </g>
          <g transform="translate(470 190)">
            <path
              d="M0 -26 C-10 -26 -16 -19 -16 -11 C-16 0 0 12 0 12 C0 12 16 0 16 -11 C16 -19 10 -26 0 -26 Z"
              fill="#0f766e"
            />
            <circle cx="0" cy="-12" r="5" fill="#ffffff" />
          </g>
        </svg>
      </div>

      <div className="absolute -bottom-6 left-3 w-56 rounded-2xl border border-slate-200 bg-white/95 p-4 shadow-xl backdrop-blur sm:-left-6">
        <div className="flex items-center gap-3">
          <span className="inline-flex size-9 items-center justify-center rounded-lg bg-brand-600 text-white">
            <Gauge className="size-5" aria-hidden="true" />
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-semibold text-slate-900">34 FT 2026</p>
            <p className="text-xs text-emerald-700">{t('site.home.visual.moving')}</p>
          </div>
          <p className="ml-auto text-right text-sm font-semibold text-slate-900 tabular-nums">
            62
            <span className="block text-[10px] font-medium text-slate-500">km/h</span>
          </p>
        </div>
        <div className="mt-3 h-1.5 overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
          <div className="h-full w-3/5 rounded-full bg-gradient-to-r from-brand-500 to-brand-700" />
        </div>
        <p className="mt-2 flex items-center gap-1.5 text-[11px] text-slate-500">
          <Radio className="size-3" aria-hidden="true" />
          {t('site.home.visual.lastSeen')}
        </p>
      </div>

      <div className="absolute -top-5 right-3 w-48 rounded-2xl border border-slate-200 bg-white/95 p-4 shadow-xl backdrop-blur sm:-right-5">
        <p className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
          <Fuel className="size-3.5" aria-hidden="true" />
          {t('site.home.visual.fuel')}
        </p>
        <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums">−12%</p>
        <div className="mt-2 flex h-10 items-end gap-1" aria-hidden="true">
          {[70, 64, 66, 58, 55, 52, 48].map((height, index) => (
            <span
              key={index}
              className={`flex-1 rounded-sm ${index === 6 ? 'bg-brand-600' : 'bg-brand-100'}`}
              style={{ height: `${height}%` }}
            />
          ))}
        </div>
      </div>
    </figure>
  )
}
