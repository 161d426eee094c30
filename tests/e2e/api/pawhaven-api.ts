// Generated from /api/v1/openapi.json by openapi-typescript with --default-non-nullable=false (npm run api:types). Do not edit.
export interface paths {
    "/api/v1/animals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the animals of your API source */
        get: {
            parameters: {
                query?: {
                    /** @description The page, from 1. */
                    page?: number;
                    /** @description Animals per page, 1 to 100 (50 by default). */
                    per_page?: number;
                };
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description A page of animals. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": {
                            animals: {
                                /** @description The animal's id in your own software, stable over its life: the key Pawhaven updates it by. Up to 200 characters. */
                                external_id: string;
                                /** @description The name adopters see. 1 to 100 characters. */
                                name: string;
                                /**
                                 * @description The kind of animal: dog, cat, rabbit, bird, small-animal, reptile, horse, barnyard, other.
                                 * @enum {string}
                                 */
                                type: "dog" | "cat" | "rabbit" | "bird" | "small-animal" | "reptile" | "horse" | "barnyard" | "other";
                                /** @description The main breed, as your software names it (e.g. "Labrador Retriever"). Up to 100 characters. */
                                primary_breed?: string | null;
                                /** @description The second breed of a cross, if known. Up to 100 characters. */
                                secondary_breed?: string | null;
                                /**
                                 * @description Whether the animal is a mix (of the breeds given, or of unknown breeds). Defaults to false.
                                 * @default false
                                 */
                                mixed_breed?: boolean;
                                /**
                                 * @description young (under 3 years; babies too), adult (3 to 7 years) or senior (8 years and over).
                                 * @enum {string}
                                 */
                                age_group: "young" | "adult" | "senior";
                                /** @description The birth date as YYYY-MM-DD, exact or estimated (a known month alone: its 1st). Not in the future. */
                                birth_date?: string | null;
                                /**
                                 * @description male, female or unknown (the default).
                                 * @default unknown
                                 * @enum {string}
                                 */
                                sex?: "male" | "female" | "unknown";
                                /**
                                 * @description The adult size: small, medium, large or xlarge.
                                 * @enum {string|null}
                                 */
                                size?: "small" | "medium" | "large" | "xlarge" | null;
                                /** @description The main colour, one of the market's (Petfinder's) colour names for the type, e.g. "Brown / Chocolate" for a dog; other values are ignored. */
                                primary_color?: string | null;
                                /** @description A second colour, as primary_color. */
                                secondary_color?: string | null;
                                /** @description A third colour, as primary_color. */
                                tertiary_color?: string | null;
                                /**
                                 * @description The coat length: hairless, short, medium, long, wire, curly. Ignored for types that have none listed (birds, reptiles).
                                 * @enum {string|null}
                                 */
                                coat?: "hairless" | "short" | "medium" | "long" | "wire" | "curly" | null;
                                /**
                                 * @description Whether the animal gets on with children: yes, no, or unknown (not known yet; the default).
                                 * @default unknown
                                 * @enum {string}
                                 */
                                good_with_children?: "unknown" | "yes" | "no";
                                /**
                                 * @description Whether the animal gets on with dogs: yes, no, or unknown (not known yet; the default).
                                 * @default unknown
                                 * @enum {string}
                                 */
                                good_with_dogs?: "unknown" | "yes" | "no";
                                /**
                                 * @description Whether the animal gets on with cats: yes, no, or unknown (not known yet; the default).
                                 * @default unknown
                                 * @enum {string}
                                 */
                                good_with_cats?: "unknown" | "yes" | "no";
                                /**
                                 * @description Whether the animal is house-trained. true, false, or null when not known (the default; adopters are not told no).
                                 * @default null
                                 */
                                house_trained?: boolean | null;
                                /**
                                 * @description Whether the animal is spayed or neutered. true, false, or null when not known (the default; adopters are not told no).
                                 * @default null
                                 */
                                spayed_neutered?: boolean | null;
                                /**
                                 * @description Whether vaccinations are up to date. true, false, or null when not known (the default; adopters are not told no).
                                 * @default null
                                 */
                                vaccinations_current?: boolean | null;
                                /**
                                 * @description Whether the animal has special needs (medical or behavioural). true, false, or null when not known (the default; adopters are not told no).
                                 * @default null
                                 */
                                special_needs?: boolean | null;
                                /** @description What the special needs are. Up to 2,000 characters; implies special_needs. */
                                special_needs_notes?: string | null;
                                /** @description The adoption fee in US dollars, e.g. 150 or 87.5; 0 for no fee; null when not shown. */
                                adoption_fee?: number | null;
                                /** @description The story adopters read, as plain text (no HTML): a blank line ("\n\n") between paragraphs. Up to 10,000 characters. */
                                description?: string | null;
                                /**
                                 * @description available, pending or adopted as sent; archived once deleted or left out of a snapshot.
                                 * @enum {string}
                                 */
                                status: "available" | "pending" | "adopted" | "archived";
                                /**
                                 * @description Up to 6 photo URLs (JPEG, PNG or WebP), the cover first. Pawhaven fetches each once, and again only when its URL changes.
                                 * @default []
                                 */
                                photos?: string[];
                                /** @description The external_ids of animals that must be adopted with this one (a bonded pair or group), from this same source. Pawhaven links them when both are there, so name the bond on each animal or send them in one snapshot; a bond is never removed by leaving it out (the shelter removes it in the dashboard). */
                                bonded_with?: string[];
                                /**
                                 * Format: uuid
                                 * @description Pawhaven's id of the animal.
                                 */
                                id: string;
                                /** @description Whether the animal shows in search and on its public page now (listed statuses, and the shelter approved). */
                                listed: boolean;
                                /** @description Its public page (a path on this site). */
                                url: string;
                                /** @description When Pawhaven first received it (ISO 8601). */
                                created_at: string;
                                /** @description When it last changed (ISO 8601). */
                                updated_at: string;
                            }[];
                            /** @description This page, from 1. */
                            page: number;
                            /** @description Animals per page. */
                            per_page: number;
                            /** @description Animals of the source, archived ones included. */
                            total: number;
                            /** @description The next page, or null on the last. */
                            next: string | null;
                        };
                    };
                };
                /** @description A bad page or per_page. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description No key, or a wrong or revoked one (with WWW-Authenticate). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description More than 120 requests in a minute with this key (with Retry-After). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/animals/{externalId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read one animal */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    /** @description The animal's id in your software (its external_id). */
                    externalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The animal. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StoredAnimal"];
                    };
                };
                /** @description No key, or a wrong or revoked one (with WWW-Authenticate). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description Your API source has no animal by this id. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description More than 120 requests in a minute with this key (with Retry-After). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        /**
         * Add or replace one animal
         * @description The whole animal, as in a snapshot; its external_id must be the one in the path (or left out). Visible on its public page and in search at once. Nothing else changes.
         */
        put: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Any unique string (a UUID): the same write sent again with it within 24 hours is answered as the first time, not done twice. Reusing it for another request is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    /** @description The animal's id in your software (its external_id). */
                    externalId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": components["schemas"]["Animal"];
                };
            };
            responses: {
                /** @description Updated (or unchanged). */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StoredAnimal"];
                    };
                };
                /** @description Added. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StoredAnimal"];
                    };
                };
                /** @description The body is not JSON. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description No key, or a wrong or revoked one (with WWW-Authenticate). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A read key tried to write. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A request with this Idempotency-Key is still in progress. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The body is too large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The body failed validation (each field named in errors), or the Idempotency-Key was used for another request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description More than 120 requests in a minute with this key (with Retry-After). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        post?: never;
        /**
         * Take an animal down
         * @description The animal leaves every public page; Pawhaven keeps it, archived. A later PUT lists it again.
         */
        delete: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Any unique string (a UUID): the same write sent again with it within 24 hours is answered as the first time, not done twice. Reusing it for another request is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    /** @description The animal's id in your software (its external_id). */
                    externalId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Archived. */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No key, or a wrong or revoked one (with WWW-Authenticate). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A read key tried to write. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description No such animal. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A request with this Idempotency-Key is still in progress. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The body is too large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The body failed validation (each field named in errors), or the Idempotency-Key was used for another request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description More than 120 requests in a minute with this key (with Retry-After). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        options?: never;
        head?: never;
        /** Change an animal's status */
        patch: {
            parameters: {
                query?: never;
                header?: {
                    /** @description Any unique string (a UUID): the same write sent again with it within 24 hours is answered as the first time, not done twice. Reusing it for another request is a 422. */
                    "Idempotency-Key"?: string;
                };
                path: {
                    /** @description The animal's id in your software (its external_id). */
                    externalId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /**
                         * @description available, pending or adopted.
                         * @enum {string}
                         */
                        status: "available" | "pending" | "adopted";
                    };
                };
            };
            responses: {
                /** @description The animal. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["StoredAnimal"];
                    };
                };
                /** @description The body is not JSON. */
                400: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description No key, or a wrong or revoked one (with WWW-Authenticate). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A read key tried to write. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description No such animal. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A request with this Idempotency-Key is still in progress. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The body is too large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The body failed validation (each field named in errors), or the Idempotency-Key was used for another request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description More than 120 requests in a minute with this key (with Retry-After). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        trace?: never;
    };
    "/api/v1/imports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a whole snapshot
         * @description Every adoptable animal of your API source, through the same import as the dashboard: animals left out are archived; {"animals": []} (or a header-only CSV) removes them all; a snapshot that would remove more than half waits for a person. The body is our JSON (animalsFile) or, with ?format=, a file as your software exports it (with ?format=asm3-json, the JSON list ShelterManager ASM3’s json_adoptable_animals answers), up to 50 MB. It is stored and answered at once with the queued run; the run is read and applied in the background: GET its URL until its status is no longer queued, receiving or running.
         */
        post: {
            parameters: {
                query?: {
                    /** @description The format of the body: pawhaven-json (the default), petfinder, adoptapet, rescuegroups, or asm3-json (the list ShelterManager ASM3’s json_adoptable_animals answers), sent as your software exports it. */
                    format?: "petfinder" | "adoptapet" | "rescuegroups" | "pawhaven-json" | "asm3-json";
                };
                header?: {
                    /** @description Any unique string (a UUID): the same write sent again with it within 24 hours is answered as the first time, not done twice. Reusing it for another request is a 422. */
                    "Idempotency-Key"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/json": {
                        /** @description Every animal of the source, as in the Animal schema. Animals left out are taken down. */
                        animals: {
                            /** @description The animal's id in your own software, stable over its life: the key Pawhaven updates it by. Up to 200 characters. */
                            external_id: string;
                            /** @description The name adopters see. 1 to 100 characters. */
                            name: string;
                            /**
                             * @description The kind of animal: dog, cat, rabbit, bird, small-animal, reptile, horse, barnyard, other.
                             * @enum {string}
                             */
                            type: "dog" | "cat" | "rabbit" | "bird" | "small-animal" | "reptile" | "horse" | "barnyard" | "other";
                            /** @description The main breed, as your software names it (e.g. "Labrador Retriever"). Up to 100 characters. */
                            primary_breed?: string | null;
                            /** @description The second breed of a cross, if known. Up to 100 characters. */
                            secondary_breed?: string | null;
                            /**
                             * @description Whether the animal is a mix (of the breeds given, or of unknown breeds). Defaults to false.
                             * @default false
                             */
                            mixed_breed?: boolean;
                            /**
                             * @description young (under 3 years; babies too), adult (3 to 7 years) or senior (8 years and over).
                             * @enum {string}
                             */
                            age_group: "young" | "adult" | "senior";
                            /** @description The birth date as YYYY-MM-DD, exact or estimated (a known month alone: its 1st). Not in the future. */
                            birth_date?: string | null;
                            /**
                             * @description male, female or unknown (the default).
                             * @default unknown
                             * @enum {string}
                             */
                            sex?: "male" | "female" | "unknown";
                            /**
                             * @description The adult size: small, medium, large or xlarge.
                             * @enum {string|null}
                             */
                            size?: "small" | "medium" | "large" | "xlarge" | null;
                            /** @description The main colour, one of the market's (Petfinder's) colour names for the type, e.g. "Brown / Chocolate" for a dog; other values are ignored. */
                            primary_color?: string | null;
                            /** @description A second colour, as primary_color. */
                            secondary_color?: string | null;
                            /** @description A third colour, as primary_color. */
                            tertiary_color?: string | null;
                            /**
                             * @description The coat length: hairless, short, medium, long, wire, curly. Ignored for types that have none listed (birds, reptiles).
                             * @enum {string|null}
                             */
                            coat?: "hairless" | "short" | "medium" | "long" | "wire" | "curly" | null;
                            /**
                             * @description Whether the animal gets on with children: yes, no, or unknown (not known yet; the default).
                             * @default unknown
                             * @enum {string}
                             */
                            good_with_children?: "unknown" | "yes" | "no";
                            /**
                             * @description Whether the animal gets on with dogs: yes, no, or unknown (not known yet; the default).
                             * @default unknown
                             * @enum {string}
                             */
                            good_with_dogs?: "unknown" | "yes" | "no";
                            /**
                             * @description Whether the animal gets on with cats: yes, no, or unknown (not known yet; the default).
                             * @default unknown
                             * @enum {string}
                             */
                            good_with_cats?: "unknown" | "yes" | "no";
                            /**
                             * @description Whether the animal is house-trained. true, false, or null when not known (the default; adopters are not told no).
                             * @default null
                             */
                            house_trained?: boolean | null;
                            /**
                             * @description Whether the animal is spayed or neutered. true, false, or null when not known (the default; adopters are not told no).
                             * @default null
                             */
                            spayed_neutered?: boolean | null;
                            /**
                             * @description Whether vaccinations are up to date. true, false, or null when not known (the default; adopters are not told no).
                             * @default null
                             */
                            vaccinations_current?: boolean | null;
                            /**
                             * @description Whether the animal has special needs (medical or behavioural). true, false, or null when not known (the default; adopters are not told no).
                             * @default null
                             */
                            special_needs?: boolean | null;
                            /** @description What the special needs are. Up to 2,000 characters; implies special_needs. */
                            special_needs_notes?: string | null;
                            /** @description The adoption fee in US dollars, e.g. 150 or 87.5; 0 for no fee; null when not shown. */
                            adoption_fee?: number | null;
                            /** @description The story adopters read, as plain text (no HTML): a blank line ("\n\n") between paragraphs. Up to 10,000 characters. */
                            description?: string | null;
                            /**
                             * @description available (the default), pending (an adoption is under way) or adopted. To take an animal down, delete it or leave it out of the next snapshot.
                             * @default available
                             * @enum {string}
                             */
                            status?: "available" | "pending" | "adopted";
                            /**
                             * @description Up to 6 photo URLs (JPEG, PNG or WebP), the cover first. Pawhaven fetches each once, and again only when its URL changes.
                             * @default []
                             */
                            photos?: string[];
                            /** @description The external_ids of animals that must be adopted with this one (a bonded pair or group), from this same source. Pawhaven links them when both are there, so name the bond on each animal or send them in one snapshot; a bond is never removed by leaving it out (the shelter removes it in the dashboard). */
                            bonded_with?: string[];
                        }[];
                    };
                    "text/csv": string;
                };
            };
            responses: {
                /** @description The run, queued, with its URL in Location. */
                202: {
                    headers: {
                        /** @description The run: GET it for its progress and outcome. */
                        Location?: string;
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ImportRun"];
                    };
                };
                /** @description No key, or a wrong or revoked one (with WWW-Authenticate). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A read key tried to write. */
                403: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description A request with this Idempotency-Key is still in progress. */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The body is too large. */
                413: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description The body failed validation (each field named in errors), or the Idempotency-Key was used for another request. */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description More than 120 requests in a minute with this key (with Retry-After). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/imports/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an import run */
        get: {
            parameters: {
                query?: never;
                header?: never;
                path: {
                    id: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description The run. */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": components["schemas"]["ImportRun"];
                    };
                };
                /** @description No key, or a wrong or revoked one (with WWW-Authenticate). */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description No such run of your API source. */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
                /** @description More than 120 requests in a minute with this key (with Retry-After). */
                429: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/problem+json": components["schemas"]["Problem"];
                    };
                };
            };
        };
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description One adoptable animal, in Pawhaven's vocabulary. */
        Animal: {
            /** @description The animal's id in your own software, stable over its life: the key Pawhaven updates it by. Up to 200 characters. */
            external_id: string;
            /** @description The name adopters see. 1 to 100 characters. */
            name: string;
            /**
             * @description The kind of animal: dog, cat, rabbit, bird, small-animal, reptile, horse, barnyard, other.
             * @enum {string}
             */
            type: "dog" | "cat" | "rabbit" | "bird" | "small-animal" | "reptile" | "horse" | "barnyard" | "other";
            /** @description The main breed, as your software names it (e.g. "Labrador Retriever"). Up to 100 characters. */
            primary_breed?: string | null;
            /** @description The second breed of a cross, if known. Up to 100 characters. */
            secondary_breed?: string | null;
            /**
             * @description Whether the animal is a mix (of the breeds given, or of unknown breeds). Defaults to false.
             * @default false
             */
            mixed_breed?: boolean;
            /**
             * @description young (under 3 years; babies too), adult (3 to 7 years) or senior (8 years and over).
             * @enum {string}
             */
            age_group: "young" | "adult" | "senior";
            /** @description The birth date as YYYY-MM-DD, exact or estimated (a known month alone: its 1st). Not in the future. */
            birth_date?: string | null;
            /**
             * @description male, female or unknown (the default).
             * @default unknown
             * @enum {string}
             */
            sex?: "male" | "female" | "unknown";
            /**
             * @description The adult size: small, medium, large or xlarge.
             * @enum {string|null}
             */
            size?: "small" | "medium" | "large" | "xlarge" | null;
            /** @description The main colour, one of the market's (Petfinder's) colour names for the type, e.g. "Brown / Chocolate" for a dog; other values are ignored. */
            primary_color?: string | null;
            /** @description A second colour, as primary_color. */
            secondary_color?: string | null;
            /** @description A third colour, as primary_color. */
            tertiary_color?: string | null;
            /**
             * @description The coat length: hairless, short, medium, long, wire, curly. Ignored for types that have none listed (birds, reptiles).
             * @enum {string|null}
             */
            coat?: "hairless" | "short" | "medium" | "long" | "wire" | "curly" | null;
            /**
             * @description Whether the animal gets on with children: yes, no, or unknown (not known yet; the default).
             * @default unknown
             * @enum {string}
             */
            good_with_children?: "unknown" | "yes" | "no";
            /**
             * @description Whether the animal gets on with dogs: yes, no, or unknown (not known yet; the default).
             * @default unknown
             * @enum {string}
             */
            good_with_dogs?: "unknown" | "yes" | "no";
            /**
             * @description Whether the animal gets on with cats: yes, no, or unknown (not known yet; the default).
             * @default unknown
             * @enum {string}
             */
            good_with_cats?: "unknown" | "yes" | "no";
            /**
             * @description Whether the animal is house-trained. true, false, or null when not known (the default; adopters are not told no).
             * @default null
             */
            house_trained?: boolean | null;
            /**
             * @description Whether the animal is spayed or neutered. true, false, or null when not known (the default; adopters are not told no).
             * @default null
             */
            spayed_neutered?: boolean | null;
            /**
             * @description Whether vaccinations are up to date. true, false, or null when not known (the default; adopters are not told no).
             * @default null
             */
            vaccinations_current?: boolean | null;
            /**
             * @description Whether the animal has special needs (medical or behavioural). true, false, or null when not known (the default; adopters are not told no).
             * @default null
             */
            special_needs?: boolean | null;
            /** @description What the special needs are. Up to 2,000 characters; implies special_needs. */
            special_needs_notes?: string | null;
            /** @description The adoption fee in US dollars, e.g. 150 or 87.5; 0 for no fee; null when not shown. */
            adoption_fee?: number | null;
            /** @description The story adopters read, as plain text (no HTML): a blank line ("\n\n") between paragraphs. Up to 10,000 characters. */
            description?: string | null;
            /**
             * @description available (the default), pending (an adoption is under way) or adopted. To take an animal down, delete it or leave it out of the next snapshot.
             * @default available
             * @enum {string}
             */
            status?: "available" | "pending" | "adopted";
            /**
             * @description Up to 6 photo URLs (JPEG, PNG or WebP), the cover first. Pawhaven fetches each once, and again only when its URL changes.
             * @default []
             */
            photos?: string[];
            /** @description The external_ids of animals that must be adopted with this one (a bonded pair or group), from this same source. Pawhaven links them when both are there, so name the bond on each animal or send them in one snapshot; a bond is never removed by leaving it out (the shelter removes it in the dashboard). */
            bonded_with?: string[];
        };
        /** @description An animal of your API source, as Pawhaven holds it. */
        StoredAnimal: {
            /** @description The animal's id in your own software, stable over its life: the key Pawhaven updates it by. Up to 200 characters. */
            external_id: string;
            /** @description The name adopters see. 1 to 100 characters. */
            name: string;
            /**
             * @description The kind of animal: dog, cat, rabbit, bird, small-animal, reptile, horse, barnyard, other.
             * @enum {string}
             */
            type: "dog" | "cat" | "rabbit" | "bird" | "small-animal" | "reptile" | "horse" | "barnyard" | "other";
            /** @description The main breed, as your software names it (e.g. "Labrador Retriever"). Up to 100 characters. */
            primary_breed?: string | null;
            /** @description The second breed of a cross, if known. Up to 100 characters. */
            secondary_breed?: string | null;
            /**
             * @description Whether the animal is a mix (of the breeds given, or of unknown breeds). Defaults to false.
             * @default false
             */
            mixed_breed?: boolean;
            /**
             * @description young (under 3 years; babies too), adult (3 to 7 years) or senior (8 years and over).
             * @enum {string}
             */
            age_group: "young" | "adult" | "senior";
            /** @description The birth date as YYYY-MM-DD, exact or estimated (a known month alone: its 1st). Not in the future. */
            birth_date?: string | null;
            /**
             * @description male, female or unknown (the default).
             * @default unknown
             * @enum {string}
             */
            sex?: "male" | "female" | "unknown";
            /**
             * @description The adult size: small, medium, large or xlarge.
             * @enum {string|null}
             */
            size?: "small" | "medium" | "large" | "xlarge" | null;
            /** @description The main colour, one of the market's (Petfinder's) colour names for the type, e.g. "Brown / Chocolate" for a dog; other values are ignored. */
            primary_color?: string | null;
            /** @description A second colour, as primary_color. */
            secondary_color?: string | null;
            /** @description A third colour, as primary_color. */
            tertiary_color?: string | null;
            /**
             * @description The coat length: hairless, short, medium, long, wire, curly. Ignored for types that have none listed (birds, reptiles).
             * @enum {string|null}
             */
            coat?: "hairless" | "short" | "medium" | "long" | "wire" | "curly" | null;
            /**
             * @description Whether the animal gets on with children: yes, no, or unknown (not known yet; the default).
             * @default unknown
             * @enum {string}
             */
            good_with_children?: "unknown" | "yes" | "no";
            /**
             * @description Whether the animal gets on with dogs: yes, no, or unknown (not known yet; the default).
             * @default unknown
             * @enum {string}
             */
            good_with_dogs?: "unknown" | "yes" | "no";
            /**
             * @description Whether the animal gets on with cats: yes, no, or unknown (not known yet; the default).
             * @default unknown
             * @enum {string}
             */
            good_with_cats?: "unknown" | "yes" | "no";
            /**
             * @description Whether the animal is house-trained. true, false, or null when not known (the default; adopters are not told no).
             * @default null
             */
            house_trained?: boolean | null;
            /**
             * @description Whether the animal is spayed or neutered. true, false, or null when not known (the default; adopters are not told no).
             * @default null
             */
            spayed_neutered?: boolean | null;
            /**
             * @description Whether vaccinations are up to date. true, false, or null when not known (the default; adopters are not told no).
             * @default null
             */
            vaccinations_current?: boolean | null;
            /**
             * @description Whether the animal has special needs (medical or behavioural). true, false, or null when not known (the default; adopters are not told no).
             * @default null
             */
            special_needs?: boolean | null;
            /** @description What the special needs are. Up to 2,000 characters; implies special_needs. */
            special_needs_notes?: string | null;
            /** @description The adoption fee in US dollars, e.g. 150 or 87.5; 0 for no fee; null when not shown. */
            adoption_fee?: number | null;
            /** @description The story adopters read, as plain text (no HTML): a blank line ("\n\n") between paragraphs. Up to 10,000 characters. */
            description?: string | null;
            /**
             * @description available, pending or adopted as sent; archived once deleted or left out of a snapshot.
             * @enum {string}
             */
            status: "available" | "pending" | "adopted" | "archived";
            /**
             * @description Up to 6 photo URLs (JPEG, PNG or WebP), the cover first. Pawhaven fetches each once, and again only when its URL changes.
             * @default []
             */
            photos?: string[];
            /** @description The external_ids of animals that must be adopted with this one (a bonded pair or group), from this same source. Pawhaven links them when both are there, so name the bond on each animal or send them in one snapshot; a bond is never removed by leaving it out (the shelter removes it in the dashboard). */
            bonded_with?: string[];
            /**
             * Format: uuid
             * @description Pawhaven's id of the animal.
             */
            id: string;
            /** @description Whether the animal shows in search and on its public page now (listed statuses, and the shelter approved). */
            listed: boolean;
            /** @description Its public page (a path on this site). */
            url: string;
            /** @description When Pawhaven first received it (ISO 8601). */
            created_at: string;
            /** @description When it last changed (ISO 8601). */
            updated_at: string;
        };
        /** @description An error, as RFC 9457 problem details (application/problem+json). */
        Problem: {
            /** @description A URI naming the kind of problem. */
            type: string;
            title: string;
            status: number;
            detail?: string;
            /** @description Each field that failed validation (422). */
            errors?: {
                /** @description The field, as a dotted path ("photos.2"). */
                field: string;
                message: string;
            }[];
        };
        /** @description An import run: a whole snapshot applied, or why not. */
        ImportRun: {
            /** Format: uuid */
            id: string;
            /**
             * @description queued (stored, waiting for the importer; also while another file of your source is imported); receiving (being read); running (being applied); succeeded; failed (it changed nothing: see message); held (it would remove more than half of your animals and waits for a person in the dashboard); confirmed or discarded by that person. Poll the run’s URL until it is neither queued, receiving nor running.
             * @enum {string}
             */
            status: "queued" | "receiving" | "running" | "succeeded" | "failed" | "held" | "confirmed" | "discarded";
            /**
             * @description The format the file was sent in.
             * @enum {string|null}
             */
            format?: "petfinder" | "adoptapet" | "rescuegroups" | "pawhaven-json" | "asm3-json" | null;
            /** @description Rows read from the file so far; null before reading starts. */
            rows_read: number | null;
            /** @description Animals to apply, once the file is read. */
            rows_total: number | null;
            /** @description Animals applied so far. */
            rows_applied: number | null;
            added: number;
            updated: number;
            unchanged: number;
            removed: number;
            /** @description Rows that could not be read; see errors. */
            failed: number;
            /** @description Why the run failed or is held. */
            message: string | null;
            started_at: string;
            finished_at: string | null;
            /** @description The rows that could not be read (the first 1,000): the line of a CSV or the position of a JSON item. */
            errors: {
                line: number | null;
                external_id: string | null;
                reason: string;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export type operations = Record<string, never>;
