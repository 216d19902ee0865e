import type { SiteContent } from '../../../domain/site-content.ts';
import { PROPERTY_FACTS, SITE } from '../../content/site.ts';
import { largestPhotoPaths } from '../../features/gallery/shown-photos.ts';
import { siteUrl } from '../../lib/runtime-config.ts';

/** schema.org data for search engines: the holiday let as a VacationRental that is also a LodgingBusiness. */
export function vacationRentalData(content: SiteContent, path: string, description: string) {
  const { prices, property } = content;
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
    image: largestPhotoPaths(content.photos).map((photoPath) => `${origin}${photoPath}`),
    address: {
      '@type': 'PostalAddress',
      streetAddress: property.address.street,
      addressLocality: property.address.locality,
      addressRegion: property.address.region,
      postalCode: property.address.postcode,
      addressCountry: property.address.country,
    },
    latitude: SITE.geo.latitude,
    longitude: SITE.geo.longitude,
    priceRange: `£${prices.fromGbp}–£${prices.toGbp} per night, plus £${prices.cleaningFeeGbp} cleaning fee and ${prices.serviceFeePercent}% service fee`,
    currenciesAccepted: 'GBP',
    checkinTime: property.stayTimes.checkIn24h,
    checkoutTime: property.stayTimes.checkOut24h,
    petsAllowed: false,
    numberOfRooms: PROPERTY_FACTS.bedrooms,
    amenityFeature: amenities.map((name) => ({ '@type': 'LocationFeatureSpecification', name, value: true })),
    containsPlace: {
      '@type': 'Accommodation',
      additionalType: 'EntirePlace',
      numberOfBedrooms: PROPERTY_FACTS.bedrooms,
      numberOfBathroomsTotal: PROPERTY_FACTS.bathrooms,
      floorSize: { '@type': 'QuantitativeValue', value: PROPERTY_FACTS.sizeM2, unitCode: 'MTK' },
      ...(property.maxOccupancy === undefined
        ? {}
        : { occupancy: { '@type': 'QuantitativeValue', maxValue: property.maxOccupancy } }),
      bed: [
        { '@type': 'BedDetails', typeOfBed: 'King size', numberOfBeds: 1 },
        { '@type': 'BedDetails', typeOfBed: 'Double', numberOfBeds: 1 },
        { '@type': 'BedDetails', typeOfBed: 'Single', numberOfBeds: 2 },
      ],
      amenityFeature: content.texts.features.map((feature) => ({
        '@type': 'LocationFeatureSpecification',
        name: feature.title,
        value: true,
      })),
    },
    additionalProperty: [
      { name: 'Short-term let licence number', value: property.licenceNumber },
      { name: 'Maximum occupancy', value: property.maxOccupancy },
      { name: 'EPC rating', value: property.epcRating },
    ]
      .filter((fact) => fact.value !== undefined)
      .map((fact) => ({ '@type': 'PropertyValue', ...fact })),
    sameAs: Object.values(property.social).filter(Boolean),
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
