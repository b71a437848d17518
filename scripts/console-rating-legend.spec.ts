import * as rating from '@fabquote/rating';
import * as legend from '../apps/admin/src/purchase-requests/offer-matrix';

/**
 * The console's rating legend repeats libs/rating's constants rather than bundling the library into the
 * browser; this holds the copy to the rules (here, since the admin declares only what the browser loads).
 */
describe("the console's rating legend", () => {
  it("repeats libs/rating's constants exactly", () => {
    expect(legend.PRICE_BAND_LIMITS).toEqual(rating.PRICE_BAND_LIMITS);
    expect(legend.DELIVERY_BAND_LIMITS).toEqual(rating.DELIVERY_BAND_LIMITS);
    expect(legend.BAND_SCORES).toEqual(rating.BAND_SCORES);
    expect(legend.STAR_THRESHOLDS).toEqual(rating.STAR_THRESHOLDS);
    expect(legend.COMPLETENESS_POINTS).toEqual(rating.COMPLETENESS_POINTS);
    expect(legend.TROPHY_PERCENT).toBe(rating.TROPHY_PERCENT);
    expect(legend.DEFAULT_WEIGHTS).toEqual(rating.DEFAULT_WEIGHTS);
  });
});
