import vine from '@vinejs/vine'

const email = () => vine.string().trim().toLowerCase().email().maxLength(254)
const newPassword = () => vine.string().minLength(8).maxLength(128)

export const signupValidator = vine.create({
  email: email(),
  password: newPassword().confirmed({ confirmationField: 'password_confirmation' }),
  terms: vine.accepted(),
})

export const loginValidator = vine.create({
  email: email(),
  password: vine.string().minLength(1).maxLength(128),
})

export const passwordResetRequestValidator = vine.create({
  email: email(),
})

export const passwordResetValidator = vine.create({
  password: newPassword().confirmed({ confirmationField: 'password_confirmation' }),
})

export const changePasswordValidator = vine.create({
  current_password: vine.string().minLength(1).maxLength(128),
  new_password: newPassword().confirmed({ confirmationField: 'new_password_confirmation' }),
})
