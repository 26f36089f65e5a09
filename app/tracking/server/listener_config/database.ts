export { default } from '#config/database'
