// Types for the parts of the `zipcodes` package (plain JavaScript, no types of its own) we use.
declare module 'zipcodes' {
  export type ZipCodeRecord = {
    zip: string
    latitude: number
    longitude: number
    city: string
    state: string
    country: 'US' | 'Canada'
  }
  const zipcodes: {
    lookup(zip: string | number): ZipCodeRecord | undefined
    lookupByName(city: string, state: string): ZipCodeRecord[]
  }
  export default zipcodes
}
