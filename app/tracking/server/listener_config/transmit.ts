export { default } from '#config/transmit'
