export * from '#config/app'
