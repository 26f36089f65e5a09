import edge from 'edge.js'
import { pageStyles } from '#services/static/page_styles'

/** resources/views/inertia_layout.edge: a page's stylesheets (inline or linked). */
edge.global('pageStyles', pageStyles)
