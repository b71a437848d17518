import { blankFigures } from './blank-figures';

describe("a product's figures from its blank", () => {
  it('works out area, volume and weight per unit: 380 × 280 mm, 2 mm steel at 7.85 g/cm³', () => {
    // 106,400 mm² = 0.1064 m²; × 2 mm = 212,800 mm³ = 212.8 cm³; × 7.85 g/cm³ = 1,670.48 g.
    expect(blankFigures({ blankWidth: 380, blankLength: 280, thickness: 2, density: 7.85 })).toEqual({ area: 0.1064, volume: 212.8, weightPerUnit: 1.6705 });
  });

  it('as far as its inputs are known: no density, no thickness, no blank', () => {
    expect(blankFigures({ blankWidth: 100, blankLength: 200, thickness: 2 })).toEqual({ area: 0.02, volume: 40, weightPerUnit: null });
    expect(blankFigures({ blankWidth: 100, blankLength: 200, density: 2.7 })).toEqual({ area: 0.02, volume: null, weightPerUnit: null });
    expect(blankFigures({ blankWidth: 100, thickness: 2, density: 2.7 })).toEqual({ area: null, volume: null, weightPerUnit: null });
  });

  it('reads the form as it holds values (strings from the API, empty fields), and ignores what is not above zero', () => {
    expect(blankFigures({ blankWidth: '100', blankLength: '200', thickness: '2', density: '2.7' })).toEqual({ area: 0.02, volume: 40, weightPerUnit: 0.108 });
    expect(blankFigures({ blankWidth: '', blankLength: 200, thickness: 2, density: 2.7 }).area).toBeNull();
    expect(blankFigures({ blankWidth: 100, blankLength: 200, thickness: 0, density: 2.7 })).toEqual({ area: 0.02, volume: null, weightPerUnit: null });
  });
});
