import { FEATURES, GALLERY, PROPERTY_FACTS, RATES, SITE, STAY_TIMES } from '../../content/site.ts';
import { mediaUrl } from '../../lib/media.ts';
import { siteUrl } from '../../lib/runtime-config.ts';

/** schema.org data for search engines: the holiday let as a VacationRental that is also a LodgingBusiness. */
export function vacationRentalData(path: string, description: string) {
  const origin = siteUrl();
  const url = `${origin}${path}`;
  const amenities = ['Sauna', 'Roof terrace', 'Tower viewing room', 'Cast iron bath', 'Kitchen', 'Wi-Fi'];
  return {
    '@context': 'https://schema.org',
    '@type': ['VacationRental', 'LodgingBusiness'],
    '@id': `${origin}/#the-tower`,
    identifier: 'the-tower-aberdeen',
    name: SITE.name,
    description,
    url,
    image: GALLERY.map((photo) => `${origin}${mediaUrl(photo.id, 1600, 'webp')}`),
    address: {
      '@type': 'PostalAddress',
      streetAddress: SITE.address.street,
      addressLocality: SITE.address.locality,
      addressRegion: SITE.address.region,
      postalCode: SITE.address.postcode,
      addressCountry: SITE.address.country,
    },
    latitude: SITE.geo.latitude,
    longitude: SITE.geo.longitude,
    priceRange: `£${RATES.weekdayGbp}–£${RATES.weekendGbp} per night, plus £${RATES.cleaningFeeGbp} cleaning fee and ${RATES.serviceFeePercent}% service fee`,
    currenciesAccepted: 'GBP',
    checkinTime: STAY_TIMES.checkIn24h,
    checkoutTime: STAY_TIMES.checkOut24h,
    petsAllowed: false,
    numberOfRooms: PROPERTY_FACTS.bedrooms,
    amenityFeature: amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
    containsPlace: {
      '@type': 'Accommodation',
      additionalType: 'EntirePlace',
      numberOfBedrooms: PROPERTY_FACTS.bedrooms,
      numberOfBathroomsTotal: PROPERTY_FACTS.bathrooms,
      floorSize: { '@type': 'QuantitativeValue', value: PROPERTY_FACTS.sizeM2, unitCode: 'MTK' },
      occupancy: { '@type': 'QuantitativeValue', maxValue: SITE.maxOccupancy },
      bed: [
        { '@type': 'BedDetails', typeOfBed: 'King size', numberOfBeds: 1 },
        { '@type': 'BedDetails', typeOfBed: 'Double', numberOfBeds: 1 },
        { '@type': 'BedDetails', typeOfBed: 'Single', numberOfBeds: 2 },
      ],
      amenityFeature: FEATURES.map((feature) => ({
        '@type': 'LocationFeatureSpecification',
        name: feature.title,
        value: true,
      })),
    },
    additionalProperty: [
      { '@type': 'PropertyValue', name: 'Short-term let licence number', value: SITE.licenceNumber },
      { '@type': 'PropertyValue', name: 'Maximum occupancy', value: SITE.maxOccupancy },
      { '@type': 'PropertyValue', name: 'EPC rating', value: SITE.epcRating },
    ],
    sameAs: Object.values(SITE.social),
  };
}

/** A JSON-LD data block (never executed, so the Content Security Policy allows it without a hash). */
export function StructuredData({ data }: { data: unknown }) {
  // "<" is escaped so no string in the data can close the script element.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: a JSON data block built from our own content
      dangerouslySetInnerHTML={{ __html: json }}
    />
  );
}
