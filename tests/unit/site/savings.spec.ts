import { test } from '@japa/runner'
import {
  computeSavings,
  parseDecimal,
  parseSavingsForm,
  savingAssumptions,
  savingPercentOf,
  vehicleClasses,
} from '#shared/savings'

test.group('Savings calculator', () => {
  test('the stated assumptions: 10%, 12% and 15% of the fuel bill', ({ assert }) => {
    assert.equal(savingPercentOf('passenger_car'), 10)
    assert.equal(savingPercentOf('light_commercial'), 12)
    assert.equal(savingPercentOf('heavy_vehicle'), 15)
    assert.deepEqual(savingAssumptions.passenger_car, { route: 4, idle: 3, speeding: 3 })
  })

  test('a passenger car: 25,000 km at 7 l/100 km and 45 TL/l', ({ assert }) => {
    const result = computeSavings({
      vehicleClass: 'passenger_car',
      annualKm: 25_000,
      consumptionPer100Km: 7,
      fuelPricePerLitre: 45,
    })
    assert.equal(result.vehicles, 1)
    assert.equal(result.litresPerYear, 1750)
    assert.equal(result.yearlyFuelCostKurus, 7_875_000) // 78,750.00 TL
    assert.equal(result.savingPercent, 10)
    assert.deepEqual(result.breakdownKurus, { route: 315_000, idle: 236_250, speeding: 236_250 })
    assert.equal(result.yearlySavingKurus, 787_500) // 7,875.00 TL
    assert.equal(result.litresSavedPerYear, 175)
  })

  test('a heavy vehicle fleet multiplies by the number of vehicles', ({ assert }) => {
    const one = computeSavings({
      vehicleClass: 'heavy_vehicle',
      annualKm: 100_000,
      consumptionPer100Km: 32,
      fuelPricePerLitre: 44.9,
    })
    const ten = computeSavings({
      vehicleClass: 'heavy_vehicle',
      annualKm: 100_000,
      consumptionPer100Km: 32,
      fuelPricePerLitre: 44.9,
      vehicles: 10,
    })
    assert.equal(one.yearlyFuelCostKurus, 143_680_000) // 32,000 l x 44.90 TL
    assert.equal(one.yearlySavingKurus, 21_552_000) // 15%
    assert.equal(ten.yearlyFuelCostKurus, 10 * one.yearlyFuelCostKurus)
    assert.equal(ten.yearlySavingKurus, 10 * one.yearlySavingKurus)
  })

  test('the saving is always the sum of its parts, in whole kuruş', ({ assert }) => {
    for (const vehicleClass of vehicleClasses) {
      const result = computeSavings({
        vehicleClass,
        annualKm: 33_333,
        consumptionPer100Km: 7.7,
        fuelPricePerLitre: 43.27,
        vehicles: 3,
      })
      const { route, idle, speeding } = result.breakdownKurus
      assert.equal(result.yearlySavingKurus, route + idle + speeding)
      assert.isTrue(Number.isInteger(result.yearlyFuelCostKurus))
      assert.isTrue(Number.isInteger(route) && Number.isInteger(idle) && Number.isInteger(speeding))
      assert.approximately(
        result.yearlySavingKurus,
        (result.yearlyFuelCostKurus * result.savingPercent) / 100,
        2
      )
    }
  })

  test('reads numbers typed in either language', ({ assert }) => {
    assert.equal(parseDecimal('44,50'), 44.5)
    assert.equal(parseDecimal('44.50'), 44.5)
    assert.equal(parseDecimal('1.234,5'), 1234.5)
    assert.equal(parseDecimal('1,234.5'), 1234.5)
    assert.equal(parseDecimal(' 25000 '), 25000)
    assert.isNull(parseDecimal('abc'))
    assert.isNull(parseDecimal(''))
    assert.isNull(parseDecimal('12e3'))
  })

  test('the form: valid input, out-of-range fields, unknown class', ({ assert }) => {
    const valid = parseSavingsForm({
      vehicleClass: 'light_commercial',
      annualKm: '40000',
      consumptionPer100Km: '10',
      fuelPricePerLitre: '45,20',
      vehicles: '',
    })
    assert.deepEqual(valid.input, {
      vehicleClass: 'light_commercial',
      annualKm: 40_000,
      consumptionPer100Km: 10,
      fuelPricePerLitre: 45.2,
      vehicles: 1,
    })

    const invalid = parseSavingsForm({
      vehicleClass: 'spaceship',
      annualKm: '0',
      consumptionPer100Km: 'lots',
      fuelPricePerLitre: '45',
      vehicles: '2',
    })
    assert.isNull(invalid.input)
    assert.deepEqual(invalid.errors, ['annualKm', 'consumptionPer100Km'])
  })
})
