// Real US cities with a real ZIP code and area code in each, where the demo shelters live.
// Coordinates are the ZIP code's own point (the offline ZIP table's, app/utils/zip.server.ts),
// not the city's centre: a shelter's address names the ZIP, and search measures miles from it.
// The first 28 are the demo's cities; a seed at scale spreads shelters over all of them.

export type City = {
  city: string
  state: string
  zip: string
  /** Telephone area code, for the 555-01xx demo numbers. */
  areaCode: string
  /** The ZIP code's point, which the demo shelters of the city sit around. */
  latitude: number
  longitude: number
}

// prettier-ignore
export const CITIES: City[] = [
  { city: 'New York', state: 'NY', zip: '10001', areaCode: '212', latitude: 40.7484, longitude: -73.9967 },
  { city: 'Philadelphia', state: 'PA', zip: '19103', areaCode: '215', latitude: 39.9513, longitude: -75.1741 },
  { city: 'Boston', state: 'MA', zip: '02108', areaCode: '617', latitude: 42.3576, longitude: -71.0684 },
  { city: 'Washington', state: 'DC', zip: '20001', areaCode: '202', latitude: 38.9122, longitude: -77.0177 },
  { city: 'Atlanta', state: 'GA', zip: '30303', areaCode: '404', latitude: 33.7525, longitude: -84.3888 },
  { city: 'Miami', state: 'FL', zip: '33130', areaCode: '305', latitude: 25.7672, longitude: -80.2059 },
  { city: 'Chicago', state: 'IL', zip: '60601', areaCode: '312', latitude: 41.8858, longitude: -87.6181 },
  { city: 'Detroit', state: 'MI', zip: '48226', areaCode: '313', latitude: 42.3333, longitude: -83.0484 },
  { city: 'Minneapolis', state: 'MN', zip: '55401', areaCode: '612', latitude: 44.9835, longitude: -93.2683 },
  { city: 'Denver', state: 'CO', zip: '80202', areaCode: '303', latitude: 39.7491, longitude: -104.9946 },
  { city: 'Dallas', state: 'TX', zip: '75201', areaCode: '214', latitude: 32.7904, longitude: -96.8044 },
  { city: 'Houston', state: 'TX', zip: '77002', areaCode: '713', latitude: 29.7594, longitude: -95.3594 },
  { city: 'Austin', state: 'TX', zip: '78701', areaCode: '512', latitude: 30.2713, longitude: -97.7426 },
  { city: 'Phoenix', state: 'AZ', zip: '85004', areaCode: '602', latitude: 33.4557, longitude: -112.0686 },
  { city: 'Los Angeles', state: 'CA', zip: '90012', areaCode: '213', latitude: 34.0614, longitude: -118.2385 },
  { city: 'San Diego', state: 'CA', zip: '92101', areaCode: '619', latitude: 32.7185, longitude: -117.1593 },
  { city: 'San Francisco', state: 'CA', zip: '94103', areaCode: '415', latitude: 37.7725, longitude: -122.4147 },
  { city: 'Seattle', state: 'WA', zip: '98101', areaCode: '206', latitude: 47.6114, longitude: -122.3305 },
  { city: 'Portland', state: 'OR', zip: '97204', areaCode: '503', latitude: 45.5181, longitude: -122.6745 },
  { city: 'Salt Lake City', state: 'UT', zip: '84111', areaCode: '801', latitude: 40.7548, longitude: -111.881 },
  { city: 'Nashville', state: 'TN', zip: '37203', areaCode: '615', latitude: 36.1504, longitude: -86.7916 },
  { city: 'Charlotte', state: 'NC', zip: '28202', areaCode: '704', latitude: 35.229, longitude: -80.8419 },
  { city: 'St. Louis', state: 'MO', zip: '63101', areaCode: '314', latitude: 38.6346, longitude: -90.1913 },
  { city: 'Kansas City', state: 'MO', zip: '64105', areaCode: '816', latitude: 39.1025, longitude: -94.5901 },
  { city: 'New Orleans', state: 'LA', zip: '70112', areaCode: '504', latitude: 29.9605, longitude: -90.0753 },
  { city: 'Columbus', state: 'OH', zip: '43215', areaCode: '614', latitude: 39.9671, longitude: -83.0044 },
  { city: 'Pittsburgh', state: 'PA', zip: '15222', areaCode: '412', latitude: 40.4477, longitude: -79.9933 },
  { city: 'Albuquerque', state: 'NM', zip: '87102', areaCode: '505', latitude: 35.0818, longitude: -106.6482 },
  { city: 'Baltimore', state: 'MD', zip: '21201', areaCode: '410', latitude: 39.2946, longitude: -76.6252 },
  { city: 'Newark', state: 'NJ', zip: '07102', areaCode: '973', latitude: 40.732, longitude: -74.1765 },
  { city: 'Hartford', state: 'CT', zip: '06103', areaCode: '860', latitude: 41.7672, longitude: -72.676 },
  { city: 'Providence', state: 'RI', zip: '02903', areaCode: '401', latitude: 41.82, longitude: -71.4158 },
  { city: 'Buffalo', state: 'NY', zip: '14202', areaCode: '716', latitude: 42.887, longitude: -78.8779 },
  { city: 'Richmond', state: 'VA', zip: '23219', areaCode: '804', latitude: 37.5463, longitude: -77.4378 },
  { city: 'Raleigh', state: 'NC', zip: '27601', areaCode: '919', latitude: 35.7727, longitude: -78.6324 },
  { city: 'Charleston', state: 'SC', zip: '29401', areaCode: '843', latitude: 32.7795, longitude: -79.9371 },
  { city: 'Jacksonville', state: 'FL', zip: '32202', areaCode: '904', latitude: 30.3299, longitude: -81.6517 },
  { city: 'Orlando', state: 'FL', zip: '32801', areaCode: '407', latitude: 28.5399, longitude: -81.3727 },
  { city: 'Tampa', state: 'FL', zip: '33602', areaCode: '813', latitude: 27.9614, longitude: -82.4597 },
  { city: 'Birmingham', state: 'AL', zip: '35203', areaCode: '205', latitude: 33.521, longitude: -86.8066 },
  { city: 'Memphis', state: 'TN', zip: '38103', areaCode: '901', latitude: 35.144, longitude: -90.048 },
  { city: 'Louisville', state: 'KY', zip: '40202', areaCode: '502', latitude: 38.2507, longitude: -85.7476 },
  { city: 'Cincinnati', state: 'OH', zip: '45202', areaCode: '513', latitude: 39.1072, longitude: -84.502 },
  { city: 'Cleveland', state: 'OH', zip: '44113', areaCode: '216', latitude: 41.4816, longitude: -81.7018 },
  { city: 'Indianapolis', state: 'IN', zip: '46204', areaCode: '317', latitude: 39.772, longitude: -86.1535 },
  { city: 'Milwaukee', state: 'WI', zip: '53202', areaCode: '414', latitude: 43.0506, longitude: -87.8968 },
  { city: 'Madison', state: 'WI', zip: '53703', areaCode: '608', latitude: 43.0775, longitude: -89.3831 },
  { city: 'Des Moines', state: 'IA', zip: '50309', areaCode: '515', latitude: 41.5887, longitude: -93.6212 },
  { city: 'Omaha', state: 'NE', zip: '68102', areaCode: '402', latitude: 41.259, longitude: -95.9409 },
  { city: 'Oklahoma City', state: 'OK', zip: '73102', areaCode: '405', latitude: 35.4726, longitude: -97.5199 },
  { city: 'Little Rock', state: 'AR', zip: '72201', areaCode: '501', latitude: 34.7483, longitude: -92.2819 },
  { city: 'San Antonio', state: 'TX', zip: '78205', areaCode: '210', latitude: 29.4237, longitude: -98.4925 },
  { city: 'Tucson', state: 'AZ', zip: '85701', areaCode: '520', latitude: 32.2139, longitude: -110.9694 },
  { city: 'Las Vegas', state: 'NV', zip: '89101', areaCode: '702', latitude: 36.1721, longitude: -115.1224 },
  { city: 'Sacramento', state: 'CA', zip: '95814', areaCode: '916', latitude: 38.5804, longitude: -121.4922 },
  { city: 'Boise', state: 'ID', zip: '83702', areaCode: '208', latitude: 43.6322, longitude: -116.2052 },
  { city: 'Spokane', state: 'WA', zip: '99201', areaCode: '509', latitude: 47.6665, longitude: -117.4365 },
  { city: 'Burlington', state: 'VT', zip: '05401', areaCode: '802', latitude: 44.484, longitude: -73.2199 },
  { city: 'Portland', state: 'ME', zip: '04101', areaCode: '207', latitude: 43.6606, longitude: -70.2589 },
  { city: 'Anchorage', state: 'AK', zip: '99501', areaCode: '907', latitude: 61.2116, longitude: -149.8761 },
  { city: 'Honolulu', state: 'HI', zip: '96813', areaCode: '808', latitude: 21.3179, longitude: -157.8521 },
]

/** How many of CITIES the demo's ~40 shelters use: two shelters in some, one in the rest. */
export const DEMO_CITY_COUNT = 28
