import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { positionAtTime, type PlaybackSpeed } from '~/components/map/playback'
import type { TrackPoint } from '~/components/map/types'

/**
 * Playback of a track: the current time, play/pause on animation frames at a chosen speed,
 * seeking, and the time hovered on the speed chart. A new track starts from its beginning.
 */
export function usePlayback(points: TrackPoint[]) {
  const start = points[0]?.[0] ?? 0
  const end = points[points.length - 1]?.[0] ?? 0
  const [time, setTimeState] = useState(start)
  // The playback loop reads the time between renders.
  const timeRef = useRef(start)
  useEffect(() => {
    timeRef.current = time
  }, [time])
  const setTime = useCallback((next: number) => {
    timeRef.current = next
    setTimeState(next)
  }, [])
  const [playing, setPlaying] = useState(false)
  const [speed, setSpeed] = useState<PlaybackSpeed>(16)
  const [hoverTime, setHoverTime] = useState<number | null>(null)

  // A new track starts its playback from the beginning.
  const [shownPoints, setShownPoints] = useState(points)
  if (shownPoints !== points) {
    setShownPoints(points)
    setTimeState(start)
    setPlaying(false)
    setHoverTime(null)
  }

  useEffect(() => {
    if (!playing) return
    let frame = 0
    let last = performance.now()
    const tick = (now: number) => {
      const next = Math.min(end, timeRef.current + (now - last) * speed)
      last = now
      setTime(next)
      if (next >= end) setPlaying(false)
      else frame = requestAnimationFrame(tick)
    }
    frame = requestAnimationFrame(tick)
    return () => cancelAnimationFrame(frame)
  }, [playing, speed, end, setTime])

  const cursorTime = hoverTime ?? (points.length > 0 ? time : null)
  const cursor = useMemo(
    () => (cursorTime === null ? null : positionAtTime(points, cursorTime)),
    [points, cursorTime]
  )

  const seek = useCallback(
    (target: number) => {
      setHoverTime(null)
      setTime(Math.max(start, Math.min(end, target)))
    },
    [start, end, setTime]
  )

  const toggle = () => {
    if (!playing && time >= end) setTime(start)
    setPlaying((value) => !value)
  }

  return {
    start,
    end,
    time,
    playing,
    toggle,
    speed,
    setSpeed,
    setHoverTime,
    cursorTime,
    cursor,
    seek,
  }
}

export type Playback = ReturnType<typeof usePlayback>
