export { default } from '#config/encryption'
