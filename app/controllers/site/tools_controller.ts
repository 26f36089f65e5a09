import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { renderSitePage } from '#services/site/site_page'
import { metaOf } from '#services/site/page_meta'
import { exchangeRate } from '#services/site/quotes'
import {
  deviceProfile,
  protocolFamilies,
  supportedDevices,
  trackerPublicHost,
} from '#services/site/device_catalogue'
import {
  CommandInputError,
  MAX_CUSTOM_COMMAND_LENGTH,
  buildCommand,
  commandActions,
  commandProtocols,
  type CommandAction,
  type CommandProtocol,
} from '#services/site/command_builder'
import { checkDevice } from '#services/site/device_check'
import { translationStatuses, type TranslationStatus } from '#shared/translation_statuses'
import { translationCoverageForPage } from '#transformers/site/translation_coverage_transformer'
import { isPlatformStaff } from '#services/site/platform_staff'
import { answerRefusal } from '#exceptions/refusal'
import { deviceCheckValidator } from '#validators/site/tool_validators'
import {
  DEFAULT_FUEL_PRICE_TL,
  savingsDefaults,
  vehicleClasses,
  type SavingsForm,
} from '#shared/savings'
import { savingsCalculatorForPage } from '#transformers/site/savings_calculator_transformer'
import { supportedDeviceForPage } from '#transformers/site/supported_device_transformer'
import { protocolFamilyForPage } from '#transformers/site/protocol_family_transformer'
import { deviceProfileForPage } from '#transformers/site/device_profile_transformer'
import { builtCommandForPage } from '#transformers/site/built_command_transformer'
import { deviceCheckForPage } from '#transformers/site/device_check_transformer'

const text = (value: unknown) => (typeof value === 'string' ? value : undefined)

/**
 * The /test pages and /translator. Public: the savings calculator (/test/cost) and the
 * supported devices (/test/device-lists). For signed-in users: the device check, the device
 * profile and the command builder. For admins: the translation coverage (/translator).
 */
export default class ToolsController {
  /**
   * Savings calculator. A GET form: the page computes the result from the query with the
   * shared function while rendering on the server, so it works without JavaScript too.
   */
  async cost(ctx: HttpContext) {
    const qs = ctx.request.qs()
    const vehicleClass = vehicleClasses.includes(qs.vehicleClass)
      ? qs.vehicleClass
      : 'passenger_car'
    const defaults = savingsDefaults[vehicleClass as keyof typeof savingsDefaults]
    const form: SavingsForm = {
      vehicleClass,
      annualKm: text(qs.annualKm) ?? String(defaults.annualKm),
      consumptionPer100Km: text(qs.consumptionPer100Km) ?? String(defaults.consumptionPer100Km),
      fuelPricePerLitre: text(qs.fuelPricePerLitre) ?? String(DEFAULT_FUEL_PRICE_TL),
      vehicles: text(qs.vehicles) ?? '1',
    }
    const { rate } = exchangeRate()
    return renderSitePage(
      ctx,
      'site/test/cost',
      savingsCalculatorForPage({ form, rate }),
      // A filled-in calculator is the same page: only the empty one is for search engines.
      { seo: { ...metaOf(ctx, 'test.cost'), noindex: Object.keys(qs).length > 0 } }
    )
  }

  async deviceLists(ctx: HttpContext) {
    return renderSitePage(
      ctx,
      'site/test/device_lists',
      {
        devices: supportedDevices.map(supportedDeviceForPage),
        families: protocolFamilies().map(protocolFamilyForPage),
      },
      { seo: metaOf(ctx, 'test.device-lists') }
    )
  }

  async deviceProfile(ctx: HttpContext) {
    const qs = ctx.request.qs()
    const id = text(qs.device) ?? ''
    const apn = text(qs.apn) ?? 'internet'
    const profile = id ? deviceProfile(id, apn) : null
    return renderSitePage(
      ctx,
      'site/test/device_profile',
      {
        devices: supportedDevices.map(supportedDeviceForPage),
        selected: id,
        apn,
        profile: profile ? deviceProfileForPage(profile) : null,
        host: trackerPublicHost(),
      },
      { seo: { ...metaOf(ctx, 'test.device-profile'), noindex: true } }
    )
  }

  async commandBuilder(ctx: HttpContext) {
    const qs = ctx.request.qs()
    const protocol = (commandProtocols as readonly string[]).includes(qs.protocol)
      ? (qs.protocol as CommandProtocol)
      : 'teltonika'
    const action = (commandActions as readonly string[]).includes(qs.action)
      ? (qs.action as CommandAction)
      : 'engine_block'
    const custom = (text(qs.custom) ?? '').slice(0, MAX_CUSTOM_COMMAND_LENGTH + 1)
    let result = null
    let error: string | null = null
    if (qs.protocol !== undefined) {
      try {
        result = builtCommandForPage(buildCommand(protocol, action, custom))
      } catch (exception) {
        if (!(exception instanceof CommandInputError)) throw exception
        error = exception.message
      }
    }
    return renderSitePage(
      ctx,
      'site/test/command_builder',
      { protocol, action, custom, result, error, maxLength: MAX_CUSTOM_COMMAND_LENGTH },
      { seo: { ...metaOf(ctx, 'test.command-builder'), noindex: true } }
    )
  }

  /** When the server last heard from a tracker of the user's company (by IMEI). */
  async check(ctx: HttpContext) {
    const raw = text(ctx.request.qs().imei)
    let imei = raw?.trim() ?? ''
    let error: string | null = null
    let result = null
    if (raw !== undefined) {
      try {
        ;({ imei } = await deviceCheckValidator.validate(
          { imei: raw },
          { messagesProvider: ctx.i18n.createMessagesProvider() }
        ))
        result = await checkDevice(ctx.company?.id ?? null, imei)
      } catch (exception) {
        if (!(exception instanceof vineErrors.E_VALIDATION_ERROR)) throw exception
        error = exception.messages[0]?.message ?? null
      }
    }
    return renderSitePage(
      ctx,
      'site/test/check',
      deviceCheckForPage({ imei, error, result, companyName: ctx.company?.name ?? null }),
      { seo: { ...metaOf(ctx, 'test.check'), noindex: true } }
    )
  }

  /** Every translation key in English and Turkish, for admins; read-only. */
  async translator(ctx: HttpContext) {
    if (!(await ctx.bouncer.allows('administerCompany')) && !isPlatformStaff(ctx.auth.user))
      return answerRefusal(ctx)
    const qs = ctx.request.qs()
    const status = (translationStatuses as readonly string[]).includes(qs.status)
      ? (qs.status as TranslationStatus)
      : undefined
    const filter = {
      namespace: text(qs.namespace) || undefined,
      status,
      q: text(qs.q) || undefined,
    }
    return renderSitePage(ctx, 'site/translator', translationCoverageForPage(filter), {
      seo: { ...metaOf(ctx, 'translator'), noindex: true },
    })
  }
}
