// Real US city centres with a real ZIP code and area code in each, where the demo shelters
// live. Coordinates are the usual city-hall-ish centre points (4 decimals, about 10 m).
// The first 28 are the demo's cities; a seed at scale spreads shelters over all of them.

export type City = {
  city: string
  state: string
  zip: string
  /** Telephone area code, for the 555-01xx demo numbers. */
  areaCode: string
  latitude: number
  longitude: number
}

// prettier-ignore
export const CITIES: City[] = [
  { city: 'New York', state: 'NY', zip: '10001', areaCode: '212', latitude: 40.7128, longitude: -74.006 },
  { city: 'Philadelphia', state: 'PA', zip: '19103', areaCode: '215', latitude: 39.9526, longitude: -75.1652 },
  { city: 'Boston', state: 'MA', zip: '02108', areaCode: '617', latitude: 42.3601, longitude: -71.0589 },
  { city: 'Washington', state: 'DC', zip: '20001', areaCode: '202', latitude: 38.9072, longitude: -77.0369 },
  { city: 'Atlanta', state: 'GA', zip: '30303', areaCode: '404', latitude: 33.749, longitude: -84.388 },
  { city: 'Miami', state: 'FL', zip: '33130', areaCode: '305', latitude: 25.7617, longitude: -80.1918 },
  { city: 'Chicago', state: 'IL', zip: '60601', areaCode: '312', latitude: 41.8781, longitude: -87.6298 },
  { city: 'Detroit', state: 'MI', zip: '48226', areaCode: '313', latitude: 42.3314, longitude: -83.0458 },
  { city: 'Minneapolis', state: 'MN', zip: '55401', areaCode: '612', latitude: 44.9778, longitude: -93.265 },
  { city: 'Denver', state: 'CO', zip: '80202', areaCode: '303', latitude: 39.7392, longitude: -104.9903 },
  { city: 'Dallas', state: 'TX', zip: '75201', areaCode: '214', latitude: 32.7767, longitude: -96.797 },
  { city: 'Houston', state: 'TX', zip: '77002', areaCode: '713', latitude: 29.7604, longitude: -95.3698 },
  { city: 'Austin', state: 'TX', zip: '78701', areaCode: '512', latitude: 30.2672, longitude: -97.7431 },
  { city: 'Phoenix', state: 'AZ', zip: '85004', areaCode: '602', latitude: 33.4484, longitude: -112.074 },
  { city: 'Los Angeles', state: 'CA', zip: '90012', areaCode: '213', latitude: 34.0522, longitude: -118.2437 },
  { city: 'San Diego', state: 'CA', zip: '92101', areaCode: '619', latitude: 32.7157, longitude: -117.1611 },
  { city: 'San Francisco', state: 'CA', zip: '94103', areaCode: '415', latitude: 37.7749, longitude: -122.4194 },
  { city: 'Seattle', state: 'WA', zip: '98101', areaCode: '206', latitude: 47.6062, longitude: -122.3321 },
  { city: 'Portland', state: 'OR', zip: '97204', areaCode: '503', latitude: 45.5152, longitude: -122.6784 },
  { city: 'Salt Lake City', state: 'UT', zip: '84111', areaCode: '801', latitude: 40.7608, longitude: -111.891 },
  { city: 'Nashville', state: 'TN', zip: '37203', areaCode: '615', latitude: 36.1627, longitude: -86.7816 },
  { city: 'Charlotte', state: 'NC', zip: '28202', areaCode: '704', latitude: 35.2271, longitude: -80.8431 },
  { city: 'St. Louis', state: 'MO', zip: '63101', areaCode: '314', latitude: 38.627, longitude: -90.1994 },
  { city: 'Kansas City', state: 'MO', zip: '64105', areaCode: '816', latitude: 39.0997, longitude: -94.5786 },
  { city: 'New Orleans', state: 'LA', zip: '70112', areaCode: '504', latitude: 29.9511, longitude: -90.0715 },
  { city: 'Columbus', state: 'OH', zip: '43215', areaCode: '614', latitude: 39.9612, longitude: -82.9988 },
  { city: 'Pittsburgh', state: 'PA', zip: '15222', areaCode: '412', latitude: 40.4406, longitude: -79.9959 },
  { city: 'Albuquerque', state: 'NM', zip: '87102', areaCode: '505', latitude: 35.0844, longitude: -106.6504 },
  { city: 'Baltimore', state: 'MD', zip: '21201', areaCode: '410', latitude: 39.2904, longitude: -76.6122 },
  { city: 'Newark', state: 'NJ', zip: '07102', areaCode: '973', latitude: 40.7357, longitude: -74.1724 },
  { city: 'Hartford', state: 'CT', zip: '06103', areaCode: '860', latitude: 41.7658, longitude: -72.6734 },
  { city: 'Providence', state: 'RI', zip: '02903', areaCode: '401', latitude: 41.824, longitude: -71.4128 },
  { city: 'Buffalo', state: 'NY', zip: '14202', areaCode: '716', latitude: 42.8864, longitude: -78.8784 },
  { city: 'Richmond', state: 'VA', zip: '23219', areaCode: '804', latitude: 37.5407, longitude: -77.436 },
  { city: 'Raleigh', state: 'NC', zip: '27601', areaCode: '919', latitude: 35.7796, longitude: -78.6382 },
  { city: 'Charleston', state: 'SC', zip: '29401', areaCode: '843', latitude: 32.7765, longitude: -79.9311 },
  { city: 'Jacksonville', state: 'FL', zip: '32202', areaCode: '904', latitude: 30.3322, longitude: -81.6557 },
  { city: 'Orlando', state: 'FL', zip: '32801', areaCode: '407', latitude: 28.5383, longitude: -81.3792 },
  { city: 'Tampa', state: 'FL', zip: '33602', areaCode: '813', latitude: 27.9506, longitude: -82.4572 },
  { city: 'Birmingham', state: 'AL', zip: '35203', areaCode: '205', latitude: 33.5186, longitude: -86.8104 },
  { city: 'Memphis', state: 'TN', zip: '38103', areaCode: '901', latitude: 35.1495, longitude: -90.049 },
  { city: 'Louisville', state: 'KY', zip: '40202', areaCode: '502', latitude: 38.2527, longitude: -85.7585 },
  { city: 'Cincinnati', state: 'OH', zip: '45202', areaCode: '513', latitude: 39.1031, longitude: -84.512 },
  { city: 'Cleveland', state: 'OH', zip: '44113', areaCode: '216', latitude: 41.4993, longitude: -81.6944 },
  { city: 'Indianapolis', state: 'IN', zip: '46204', areaCode: '317', latitude: 39.7684, longitude: -86.1581 },
  { city: 'Milwaukee', state: 'WI', zip: '53202', areaCode: '414', latitude: 43.0389, longitude: -87.9065 },
  { city: 'Madison', state: 'WI', zip: '53703', areaCode: '608', latitude: 43.0731, longitude: -89.4012 },
  { city: 'Des Moines', state: 'IA', zip: '50309', areaCode: '515', latitude: 41.5868, longitude: -93.625 },
  { city: 'Omaha', state: 'NE', zip: '68102', areaCode: '402', latitude: 41.2565, longitude: -95.9345 },
  { city: 'Oklahoma City', state: 'OK', zip: '73102', areaCode: '405', latitude: 35.4676, longitude: -97.5164 },
  { city: 'Little Rock', state: 'AR', zip: '72201', areaCode: '501', latitude: 34.7465, longitude: -92.2896 },
  { city: 'San Antonio', state: 'TX', zip: '78205', areaCode: '210', latitude: 29.4241, longitude: -98.4936 },
  { city: 'Tucson', state: 'AZ', zip: '85701', areaCode: '520', latitude: 32.2226, longitude: -110.9747 },
  { city: 'Las Vegas', state: 'NV', zip: '89101', areaCode: '702', latitude: 36.1699, longitude: -115.1398 },
  { city: 'Sacramento', state: 'CA', zip: '95814', areaCode: '916', latitude: 38.5816, longitude: -121.4944 },
  { city: 'Boise', state: 'ID', zip: '83702', areaCode: '208', latitude: 43.615, longitude: -116.2023 },
  { city: 'Spokane', state: 'WA', zip: '99201', areaCode: '509', latitude: 47.6588, longitude: -117.426 },
  { city: 'Burlington', state: 'VT', zip: '05401', areaCode: '802', latitude: 44.4759, longitude: -73.2121 },
  { city: 'Portland', state: 'ME', zip: '04101', areaCode: '207', latitude: 43.6591, longitude: -70.2568 },
  { city: 'Anchorage', state: 'AK', zip: '99501', areaCode: '907', latitude: 61.2181, longitude: -149.9003 },
  { city: 'Honolulu', state: 'HI', zip: '96813', areaCode: '808', latitude: 21.3069, longitude: -157.8583 },
]

/** How many of CITIES the demo's ~40 shelters use: two shelters in some, one in the rest. */
export const DEMO_CITY_COUNT = 28
