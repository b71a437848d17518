import { kilogramsOf, materialFigures } from './material-figures';

describe("a material's weight from its dimensions", () => {
  it('weighs mm³ at g/cm³ in kg', () => {
    expect(kilogramsOf(1_000_000, 7.85)).toBe(7.85);
  });

  it('weighs a 3 × 1500 × 3000 mm steel sheet at 7.85 g/cm³: 105.975 kg', () => {
    expect(materialFigures({ height: 3, width: 1500, length: 3000, density: 7.85 })).toEqual({ weight: 105.975 });
    expect(materialFigures({ height: '2', width: '1000', length: '2000', density: '2.7' })).toEqual({ weight: 10.8 });
  });

  it('knows no weight while a dimension or the density is missing', () => {
    expect(materialFigures({ height: 3, width: 1500, length: 3000 })).toEqual({ weight: null });
    expect(materialFigures({ width: 1500, length: 3000, density: 7.85 })).toEqual({ weight: null });
    expect(materialFigures({ height: 3, width: 1500, length: '', density: 7.85 })).toEqual({ weight: null });
  });
});
