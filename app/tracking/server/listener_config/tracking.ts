export { default } from '#config/tracking'
