export type Json =
  | string
  | number
  | boolean
  | null
  | { [key: string]: Json | undefined }
  | Json[]

export type Database = {
  public: {
    Tables: {
      adopter_profiles: {
        Row: {
          created_at: string
          display_name: string | null
          email_alerts: boolean
          email_applications: boolean
          email_messages: boolean
          updated_at: string
          user_id: string
          zip_code: string | null
        }
        Insert: {
          created_at?: string
          display_name?: string | null
          email_alerts?: boolean
          email_applications?: boolean
          email_messages?: boolean
          updated_at?: string
          user_id?: string
          zip_code?: string | null
        }
        Update: {
          created_at?: string
          display_name?: string | null
          email_alerts?: boolean
          email_applications?: boolean
          email_messages?: boolean
          updated_at?: string
          user_id?: string
          zip_code?: string | null
        }
        Relationships: []
      }
      animal_activity_totals: {
        Row: {
          animal_id: string
          applications: number
          favorites: number
          questions: number
          shares: number
          shelter_id: string
          views: number
        }
        Insert: {
          animal_id: string
          applications?: number
          favorites?: number
          questions?: number
          shares?: number
          shelter_id: string
          views?: number
        }
        Update: {
          animal_id?: string
          applications?: number
          favorites?: number
          questions?: number
          shares?: number
          shelter_id?: string
          views?: number
        }
        Relationships: [
          {
            foreignKeyName: "animal_activity_totals_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: true
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "animal_activity_totals_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      animal_application_limits: {
        Row: {
          animal_id: string
          open_cap: number | null
          paused: boolean
          updated_at: string
        }
        Insert: {
          animal_id: string
          open_cap?: number | null
          paused?: boolean
          updated_at?: string
        }
        Update: {
          animal_id?: string
          open_cap?: number | null
          paused?: boolean
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "animal_application_limits_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: true
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      animal_daily_stats: {
        Row: {
          animal_id: string
          applications: number
          day: string
          favorites: number
          questions: number
          shares: number
          shelter_id: string
          views: number
        }
        Insert: {
          animal_id: string
          applications?: number
          day: string
          favorites?: number
          questions?: number
          shares?: number
          shelter_id: string
          views?: number
        }
        Update: {
          animal_id?: string
          applications?: number
          day?: string
          favorites?: number
          questions?: number
          shares?: number
          shelter_id?: string
          views?: number
        }
        Relationships: [
          {
            foreignKeyName: "animal_daily_stats_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "animal_daily_stats_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      animal_photos: {
        Row: {
          alt: string | null
          animal_id: string
          created_at: string
          external_url: string | null
          height: number | null
          id: string
          owner_id: string | null
          position: number
          source_url: string | null
          storage_path: string | null
          width: number | null
        }
        Insert: {
          alt?: string | null
          animal_id: string
          created_at?: string
          external_url?: string | null
          height?: number | null
          id?: string
          owner_id?: string | null
          position: number
          source_url?: string | null
          storage_path?: string | null
          width?: number | null
        }
        Update: {
          alt?: string | null
          animal_id?: string
          created_at?: string
          external_url?: string | null
          height?: number | null
          id?: string
          owner_id?: string | null
          position?: number
          source_url?: string | null
          storage_path?: string | null
          width?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "animal_photos_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      animals: {
        Row: {
          adoption_fee: number | null
          age_group: Database["public"]["Enums"]["animal_age_group"]
          birth_date: string | null
          bond_lead: boolean
          bonded_group_id: string | null
          breed_words: string | null
          coat: Database["public"]["Enums"]["animal_coat"] | null
          confirmed_at: string
          confirmed_via: string
          created_at: string
          description: string | null
          external_id: string | null
          external_source: string | null
          good_with_cats: Database["public"]["Enums"]["good_with_answer"]
          good_with_children: Database["public"]["Enums"]["good_with_answer"]
          good_with_dogs: Database["public"]["Enums"]["good_with_answer"]
          grid_cell: number | null
          house_trained: boolean | null
          id: string
          latitude: number | null
          listed: boolean
          location: unknown
          longitude: number | null
          mixed_breed: boolean
          name: string
          owner_id: string | null
          primary_breed: string | null
          primary_color: string | null
          published_at: string | null
          search_document: unknown
          searchable: boolean
          secondary_breed: string | null
          secondary_color: string | null
          sex: Database["public"]["Enums"]["animal_sex"]
          shelter_id: string
          size: Database["public"]["Enums"]["animal_size"]
          source_hash: string | null
          source_id: string | null
          source_photos: Json | null
          spayed_neutered: boolean | null
          special_needs: boolean | null
          special_needs_notes: string | null
          stale_at: string | null
          stale_prompted_at: string | null
          status: Database["public"]["Enums"]["animal_status"]
          tertiary_color: string | null
          type: Database["public"]["Enums"]["animal_type"]
          updated_at: string
          vaccinations_current: boolean | null
        }
        Insert: {
          adoption_fee?: number | null
          age_group: Database["public"]["Enums"]["animal_age_group"]
          birth_date?: string | null
          bond_lead?: boolean
          bonded_group_id?: string | null
          breed_words?: never
          coat?: Database["public"]["Enums"]["animal_coat"] | null
          confirmed_at?: string
          confirmed_via?: string
          created_at?: string
          description?: string | null
          external_id?: string | null
          external_source?: string | null
          good_with_cats?: Database["public"]["Enums"]["good_with_answer"]
          good_with_children?: Database["public"]["Enums"]["good_with_answer"]
          good_with_dogs?: Database["public"]["Enums"]["good_with_answer"]
          grid_cell?: never
          house_trained?: boolean | null
          id?: string
          latitude?: number | null
          listed?: boolean
          location?: never
          longitude?: number | null
          mixed_breed?: boolean
          name: string
          owner_id?: string | null
          primary_breed?: string | null
          primary_color?: string | null
          published_at?: string | null
          search_document?: never
          searchable?: never
          secondary_breed?: string | null
          secondary_color?: string | null
          sex?: Database["public"]["Enums"]["animal_sex"]
          shelter_id: string
          size?: Database["public"]["Enums"]["animal_size"]
          source_hash?: string | null
          source_id?: string | null
          source_photos?: Json | null
          spayed_neutered?: boolean | null
          special_needs?: boolean | null
          special_needs_notes?: string | null
          stale_at?: string | null
          stale_prompted_at?: string | null
          status?: Database["public"]["Enums"]["animal_status"]
          tertiary_color?: string | null
          type: Database["public"]["Enums"]["animal_type"]
          updated_at?: string
          vaccinations_current?: boolean | null
        }
        Update: {
          adoption_fee?: number | null
          age_group?: Database["public"]["Enums"]["animal_age_group"]
          birth_date?: string | null
          bond_lead?: boolean
          bonded_group_id?: string | null
          breed_words?: never
          coat?: Database["public"]["Enums"]["animal_coat"] | null
          confirmed_at?: string
          confirmed_via?: string
          created_at?: string
          description?: string | null
          external_id?: string | null
          external_source?: string | null
          good_with_cats?: Database["public"]["Enums"]["good_with_answer"]
          good_with_children?: Database["public"]["Enums"]["good_with_answer"]
          good_with_dogs?: Database["public"]["Enums"]["good_with_answer"]
          grid_cell?: never
          house_trained?: boolean | null
          id?: string
          latitude?: number | null
          listed?: boolean
          location?: never
          longitude?: number | null
          mixed_breed?: boolean
          name?: string
          owner_id?: string | null
          primary_breed?: string | null
          primary_color?: string | null
          published_at?: string | null
          search_document?: never
          searchable?: never
          secondary_breed?: string | null
          secondary_color?: string | null
          sex?: Database["public"]["Enums"]["animal_sex"]
          shelter_id?: string
          size?: Database["public"]["Enums"]["animal_size"]
          source_hash?: string | null
          source_id?: string | null
          source_photos?: Json | null
          spayed_neutered?: boolean | null
          special_needs?: boolean | null
          special_needs_notes?: string | null
          stale_at?: string | null
          stale_prompted_at?: string | null
          status?: Database["public"]["Enums"]["animal_status"]
          tertiary_color?: string | null
          type?: Database["public"]["Enums"]["animal_type"]
          updated_at?: string
          vaccinations_current?: boolean | null
        }
        Relationships: [
          {
            foreignKeyName: "animals_bonded_group_fkey"
            columns: ["bonded_group_id", "shelter_id"]
            isOneToOne: false
            referencedRelation: "bonded_groups"
            referencedColumns: ["id", "shelter_id"]
          },
          {
            foreignKeyName: "animals_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "animals_source_id_fkey"
            columns: ["source_id"]
            isOneToOne: false
            referencedRelation: "sync_sources"
            referencedColumns: ["id"]
          },
        ]
      }
      api_idempotency_keys: {
        Row: {
          api_key_id: string
          created_at: string
          idempotency_key: string
          request_hash: string
          response_body: string | null
          response_location: string | null
          response_status: number | null
        }
        Insert: {
          api_key_id: string
          created_at?: string
          idempotency_key: string
          request_hash: string
          response_body?: string | null
          response_location?: string | null
          response_status?: number | null
        }
        Update: {
          api_key_id?: string
          created_at?: string
          idempotency_key?: string
          request_hash?: string
          response_body?: string | null
          response_location?: string | null
          response_status?: number | null
        }
        Relationships: [
          {
            foreignKeyName: "api_idempotency_keys_api_key_id_fkey"
            columns: ["api_key_id"]
            isOneToOne: false
            referencedRelation: "api_keys"
            referencedColumns: ["id"]
          },
        ]
      }
      api_keys: {
        Row: {
          created_at: string
          created_by: string | null
          id: string
          key_hash: string
          last_used_at: string | null
          name: string
          prefix: string
          revoked_at: string | null
          scope: string
          shelter_id: string
        }
        Insert: {
          created_at?: string
          created_by?: string | null
          id?: string
          key_hash: string
          last_used_at?: string | null
          name: string
          prefix: string
          revoked_at?: string | null
          scope: string
          shelter_id: string
        }
        Update: {
          created_at?: string
          created_by?: string | null
          id?: string
          key_hash?: string
          last_used_at?: string | null
          name?: string
          prefix?: string
          revoked_at?: string | null
          scope?: string
          shelter_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "api_keys_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      app_settings: {
        Row: {
          key: string
          updated_at: string
          value: NonNullable<Json>
        }
        Insert: {
          key: string
          updated_at?: string
          value: NonNullable<Json>
        }
        Update: {
          key?: string
          updated_at?: string
          value?: NonNullable<Json>
        }
        Relationships: []
      }
      application_events: {
        Row: {
          actor: string
          actor_id: string | null
          application_id: string
          created_at: string
          id: number
          message: string | null
          status: string
        }
        Insert: {
          actor: string
          actor_id?: string | null
          application_id: string
          created_at?: string
          id?: never
          message?: string | null
          status: string
        }
        Update: {
          actor?: string
          actor_id?: string | null
          application_id?: string
          created_at?: string
          id?: never
          message?: string | null
          status?: string
        }
        Relationships: [
          {
            foreignKeyName: "application_events_application_id_fkey"
            columns: ["application_id"]
            isOneToOne: false
            referencedRelation: "applications"
            referencedColumns: ["id"]
          },
        ]
      }
      application_profiles: {
        Row: {
          address_line1: string | null
          address_line2: string | null
          adults: number | null
          allergies: string | null
          allergies_details: string | null
          children_ages: number[]
          city: string | null
          created_at: string
          experience: string | null
          fence: string | null
          full_name: string | null
          has_other_pets: boolean | null
          has_yard: boolean | null
          home_ownership: string | null
          home_type: string | null
          hours_alone: number | null
          landlord_contact: string | null
          landlord_permission: string | null
          looking_for: string | null
          other_pets: NonNullable<Json>
          phone: string | null
          state: string | null
          updated_at: string
          user_id: string
          vet_name: string | null
          vet_phone: string | null
          zip_code: string | null
        }
        Insert: {
          address_line1?: string | null
          address_line2?: string | null
          adults?: number | null
          allergies?: string | null
          allergies_details?: string | null
          children_ages?: number[]
          city?: string | null
          created_at?: string
          experience?: string | null
          fence?: string | null
          full_name?: string | null
          has_other_pets?: boolean | null
          has_yard?: boolean | null
          home_ownership?: string | null
          home_type?: string | null
          hours_alone?: number | null
          landlord_contact?: string | null
          landlord_permission?: string | null
          looking_for?: string | null
          other_pets?: NonNullable<Json>
          phone?: string | null
          state?: string | null
          updated_at?: string
          user_id?: string
          vet_name?: string | null
          vet_phone?: string | null
          zip_code?: string | null
        }
        Update: {
          address_line1?: string | null
          address_line2?: string | null
          adults?: number | null
          allergies?: string | null
          allergies_details?: string | null
          children_ages?: number[]
          city?: string | null
          created_at?: string
          experience?: string | null
          fence?: string | null
          full_name?: string | null
          has_other_pets?: boolean | null
          has_yard?: boolean | null
          home_ownership?: string | null
          home_type?: string | null
          hours_alone?: number | null
          landlord_contact?: string | null
          landlord_permission?: string | null
          looking_for?: string | null
          other_pets?: NonNullable<Json>
          phone?: string | null
          state?: string | null
          updated_at?: string
          user_id?: string
          vet_name?: string | null
          vet_phone?: string | null
          zip_code?: string | null
        }
        Relationships: []
      }
      applications: {
        Row: {
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          applicant_id: string | null
          applicant_name: string
          created_at: string
          decision_message: string | null
          first_answered_at: string | null
          id: string
          note: string | null
          reminded_at: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage: Database["public"]["Enums"]["application_stage"]
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
        }
        Insert: {
          animal_id?: string | null
          animal_name: string
          answer_due_at: string
          applicant_id?: string | null
          applicant_name: string
          created_at?: string
          decision_message?: string | null
          first_answered_at?: string | null
          id?: string
          note?: string | null
          reminded_at?: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage?: never
          status?: Database["public"]["Enums"]["application_status"]
          updated_at?: string
        }
        Update: {
          animal_id?: string | null
          animal_name?: string
          answer_due_at?: string
          applicant_id?: string | null
          applicant_name?: string
          created_at?: string
          decision_message?: string | null
          first_answered_at?: string | null
          id?: string
          note?: string | null
          reminded_at?: string | null
          shelter_id?: string
          snapshot?: NonNullable<Json>
          stage?: never
          status?: Database["public"]["Enums"]["application_status"]
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "applications_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "applications_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      blocked_senders: {
        Row: {
          blocked_by: string | null
          created_at: string
          shelter_id: string
          user_id: string
        }
        Insert: {
          blocked_by?: string | null
          created_at?: string
          shelter_id: string
          user_id: string
        }
        Update: {
          blocked_by?: string | null
          created_at?: string
          shelter_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "blocked_senders_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      bonded_groups: {
        Row: {
          created_at: string
          id: string
          shelter_id: string
        }
        Insert: {
          created_at?: string
          id?: string
          shelter_id: string
        }
        Update: {
          created_at?: string
          id?: string
          shelter_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "bonded_groups_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      conversations: {
        Row: {
          adopter_id: string | null
          adopter_read_at: string | null
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          closed_at: string | null
          created_at: string
          first_answered_at: string | null
          id: string
          last_adopter_message_at: string | null
          last_message_at: string
          last_shelter_message_at: string | null
          reminded_at: string | null
          shelter_id: string
          shelter_read_at: string | null
          status: string
          unanswered_at: string | null
        }
        Insert: {
          adopter_id?: string | null
          adopter_read_at?: string | null
          animal_id?: string | null
          animal_name: string
          answer_due_at: string
          closed_at?: string | null
          created_at?: string
          first_answered_at?: string | null
          id?: string
          last_adopter_message_at?: string | null
          last_message_at?: string
          last_shelter_message_at?: string | null
          reminded_at?: string | null
          shelter_id: string
          shelter_read_at?: string | null
          status?: string
          unanswered_at?: string | null
        }
        Update: {
          adopter_id?: string | null
          adopter_read_at?: string | null
          animal_id?: string | null
          animal_name?: string
          answer_due_at?: string
          closed_at?: string | null
          created_at?: string
          first_answered_at?: string | null
          id?: string
          last_adopter_message_at?: string | null
          last_message_at?: string
          last_shelter_message_at?: string | null
          reminded_at?: string | null
          shelter_id?: string
          shelter_read_at?: string | null
          status?: string
          unanswered_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "conversations_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "conversations_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      email_outbox: {
        Row: {
          created_at: string
          data: NonNullable<Json>
          id: string
          sent_at: string | null
          template: string
          to_address: string
        }
        Insert: {
          created_at?: string
          data?: NonNullable<Json>
          id?: string
          sent_at?: string | null
          template: string
          to_address: string
        }
        Update: {
          created_at?: string
          data?: NonNullable<Json>
          id?: string
          sent_at?: string | null
          template?: string
          to_address?: string
        }
        Relationships: []
      }
      favorites: {
        Row: {
          animal_id: string
          created_at: string
          user_id: string
        }
        Insert: {
          animal_id: string
          created_at?: string
          user_id?: string
        }
        Update: {
          animal_id?: string
          created_at?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "favorites_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      feature_notification_requests: {
        Row: {
          created_at: string
          feature: string
          user_id: string
        }
        Insert: {
          created_at?: string
          feature: string
          user_id?: string
        }
        Update: {
          created_at?: string
          feature?: string
          user_id?: string
        }
        Relationships: []
      }
      ftp_accounts: {
        Row: {
          created_at: string
          password_hash: string
          password_set_at: string
          shelter_id: string
          source_id: string
          username: string
        }
        Insert: {
          created_at?: string
          password_hash: string
          password_set_at?: string
          shelter_id: string
          source_id: string
          username: string
        }
        Update: {
          created_at?: string
          password_hash?: string
          password_set_at?: string
          shelter_id?: string
          source_id?: string
          username?: string
        }
        Relationships: [
          {
            foreignKeyName: "ftp_accounts_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "ftp_accounts_source_id_fkey"
            columns: ["source_id"]
            isOneToOne: true
            referencedRelation: "sync_sources"
            referencedColumns: ["id"]
          },
        ]
      }
      ftp_waiting_photos: {
        Row: {
          external_id: string
          file_name: string
          height: number
          id: string
          place: number
          received_at: string
          source_id: string
          storage_path: string
          width: number
        }
        Insert: {
          external_id: string
          file_name: string
          height: number
          id?: string
          place: number
          received_at?: string
          source_id: string
          storage_path: string
          width: number
        }
        Update: {
          external_id?: string
          file_name?: string
          height?: number
          id?: string
          place?: number
          received_at?: string
          source_id?: string
          storage_path?: string
          width?: number
        }
        Relationships: [
          {
            foreignKeyName: "ftp_waiting_photos_source_id_fkey"
            columns: ["source_id"]
            isOneToOne: false
            referencedRelation: "sync_sources"
            referencedColumns: ["id"]
          },
        ]
      }
      import_run_errors: {
        Row: {
          external_id: string | null
          id: number
          line: number | null
          reason: string
          run_id: string
        }
        Insert: {
          external_id?: string | null
          id?: never
          line?: number | null
          reason: string
          run_id: string
        }
        Update: {
          external_id?: string | null
          id?: never
          line?: number | null
          reason?: string
          run_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "import_run_errors_run_id_fkey"
            columns: ["run_id"]
            isOneToOne: false
            referencedRelation: "import_runs"
            referencedColumns: ["id"]
          },
        ]
      }
      import_run_rows: {
        Row: {
          external_id: string
          item: NonNullable<Json>
          position: number
          run_id: string
        }
        Insert: {
          external_id: string
          item: NonNullable<Json>
          position: number
          run_id: string
        }
        Update: {
          external_id?: string
          item?: NonNullable<Json>
          position?: number
          run_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "import_run_rows_run_id_fkey"
            columns: ["run_id"]
            isOneToOne: false
            referencedRelation: "import_runs"
            referencedColumns: ["id"]
          },
        ]
      }
      import_runs: {
        Row: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        Insert: {
          actor_id?: string | null
          added?: number
          apply_cursor?: string | null
          config_path?: string | null
          explicitly_empty?: boolean
          failed?: number
          file_name?: string | null
          file_path?: string | null
          finished_at?: string | null
          format?: string | null
          id?: string
          message?: string | null
          removed?: number
          rows_applied?: number | null
          rows_read?: number | null
          rows_total?: number | null
          shelter_id: string
          source_id: string
          started_at?: string
          status?: string
          trigger: string
          unchanged?: number
          updated?: number
        }
        Update: {
          actor_id?: string | null
          added?: number
          apply_cursor?: string | null
          config_path?: string | null
          explicitly_empty?: boolean
          failed?: number
          file_name?: string | null
          file_path?: string | null
          finished_at?: string | null
          format?: string | null
          id?: string
          message?: string | null
          removed?: number
          rows_applied?: number | null
          rows_read?: number | null
          rows_total?: number | null
          shelter_id?: string
          source_id?: string
          started_at?: string
          status?: string
          trigger?: string
          unchanged?: number
          updated?: number
        }
        Relationships: [
          {
            foreignKeyName: "import_runs_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "import_runs_source_id_fkey"
            columns: ["source_id"]
            isOneToOne: false
            referencedRelation: "sync_sources"
            referencedColumns: ["id"]
          },
        ]
      }
      job_schedules: {
        Row: {
          every: string
          kind: string
          name: string
          next_run_at: string
          payload: NonNullable<Json>
        }
        Insert: {
          every: string
          kind: string
          name: string
          next_run_at?: string
          payload?: NonNullable<Json>
        }
        Update: {
          every?: string
          kind?: string
          name?: string
          next_run_at?: string
          payload?: NonNullable<Json>
        }
        Relationships: []
      }
      jobs: {
        Row: {
          attempts: number
          created_at: string
          dedupe_key: string | null
          failed_at: string | null
          id: number
          kind: string
          last_error: string | null
          locked_by: string | null
          locked_until: string | null
          max_attempts: number
          payload: NonNullable<Json>
          run_at: string
        }
        Insert: {
          attempts?: number
          created_at?: string
          dedupe_key?: string | null
          failed_at?: string | null
          id?: never
          kind: string
          last_error?: string | null
          locked_by?: string | null
          locked_until?: string | null
          max_attempts?: number
          payload?: NonNullable<Json>
          run_at?: string
        }
        Update: {
          attempts?: number
          created_at?: string
          dedupe_key?: string | null
          failed_at?: string | null
          id?: never
          kind?: string
          last_error?: string | null
          locked_by?: string | null
          locked_until?: string | null
          max_attempts?: number
          payload?: NonNullable<Json>
          run_at?: string
        }
        Relationships: []
      }
      legacy_photo_folders: {
        Row: {
          created_at: string
          folder: string
          shelter_id: string
        }
        Insert: {
          created_at?: string
          folder: string
          shelter_id: string
        }
        Update: {
          created_at?: string
          folder?: string
          shelter_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "legacy_photo_folders_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      listed_animal_breeds: {
        Row: {
          breed_words: string
          listed: number
        }
        Insert: {
          breed_words: string
          listed: number
        }
        Update: {
          breed_words?: string
          listed?: number
        }
        Relationships: []
      }
      listed_animal_cells: {
        Row: {
          grid_cell: number
          listed: number
          type: string
        }
        Insert: {
          grid_cell: number
          listed: number
          type: string
        }
        Update: {
          grid_cell?: number
          listed?: number
          type?: string
        }
        Relationships: []
      }
      listed_animal_colors: {
        Row: {
          age_group: string
          color: string
          good_with_cats: string
          good_with_children: string
          good_with_dogs: string
          listed: number
          sex: string
          size: string
          type: string
        }
        Insert: {
          age_group: string
          color: string
          good_with_cats: string
          good_with_children: string
          good_with_dogs: string
          listed: number
          sex: string
          size: string
          type: string
        }
        Update: {
          age_group?: string
          color?: string
          good_with_cats?: string
          good_with_children?: string
          good_with_dogs?: string
          listed?: number
          sex?: string
          size?: string
          type?: string
        }
        Relationships: []
      }
      listed_animal_counts: {
        Row: {
          available: number
          pending: number
          type: string
        }
        Insert: {
          available?: number
          pending?: number
          type: string
        }
        Update: {
          available?: number
          pending?: number
          type?: string
        }
        Relationships: []
      }
      listed_animal_facet_totals: {
        Row: {
          age_group: string
          good_with_cats: string
          good_with_children: string
          good_with_dogs: string
          listed: number
          sex: string
          size: string
          type: string
        }
        Insert: {
          age_group: string
          good_with_cats: string
          good_with_children: string
          good_with_dogs: string
          listed: number
          sex: string
          size: string
          type: string
        }
        Update: {
          age_group?: string
          good_with_cats?: string
          good_with_children?: string
          good_with_dogs?: string
          listed?: number
          sex?: string
          size?: string
          type?: string
        }
        Relationships: []
      }
      listed_animal_facets: {
        Row: {
          age_group: string
          good_with_cats: string
          good_with_children: string
          good_with_dogs: string
          grid_cell: number
          listed: number
          sex: string
          size: string
          type: string
        }
        Insert: {
          age_group: string
          good_with_cats: string
          good_with_children: string
          good_with_dogs: string
          grid_cell: number
          listed: number
          sex: string
          size: string
          type: string
        }
        Update: {
          age_group?: string
          good_with_cats?: string
          good_with_children?: string
          good_with_dogs?: string
          grid_cell?: number
          listed?: number
          sex?: string
          size?: string
          type?: string
        }
        Relationships: []
      }
      listed_animal_trait_facets: {
        Row: {
          coat: string
          grid_cell: number
          house_trained: boolean
          listed: number
          special_needs: boolean
          type: string
        }
        Insert: {
          coat: string
          grid_cell: number
          house_trained: boolean
          listed: number
          special_needs: boolean
          type: string
        }
        Update: {
          coat?: string
          grid_cell?: number
          house_trained?: boolean
          listed?: number
          special_needs?: boolean
          type?: string
        }
        Relationships: []
      }
      listed_animal_trait_totals: {
        Row: {
          age_group: string
          coat: string
          good_with_cats: string
          good_with_children: string
          good_with_dogs: string
          house_trained: boolean
          listed: number
          sex: string
          size: string
          special_needs: boolean
          type: string
        }
        Insert: {
          age_group: string
          coat: string
          good_with_cats: string
          good_with_children: string
          good_with_dogs: string
          house_trained: boolean
          listed: number
          sex: string
          size: string
          special_needs: boolean
          type: string
        }
        Update: {
          age_group?: string
          coat?: string
          good_with_cats?: string
          good_with_children?: string
          good_with_dogs?: string
          house_trained?: boolean
          listed?: number
          sex?: string
          size?: string
          special_needs?: boolean
          type?: string
        }
        Relationships: []
      }
      listing_answer_links: {
        Row: {
          animal_id: string
          answer: string | null
          created_at: string
          expires_at: string
          nonce: string
          used_at: string | null
        }
        Insert: {
          animal_id: string
          answer?: string | null
          created_at?: string
          expires_at: string
          nonce?: string
          used_at?: string | null
        }
        Update: {
          animal_id?: string
          answer?: string | null
          created_at?: string
          expires_at?: string
          nonce?: string
          used_at?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "listing_answer_links_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
        ]
      }
      messages: {
        Row: {
          author_id: string | null
          body: string
          conversation_id: string
          created_at: string
          id: number
          removed_at: string | null
          sender: string
        }
        Insert: {
          author_id?: string | null
          body: string
          conversation_id: string
          created_at?: string
          id?: never
          removed_at?: string | null
          sender: string
        }
        Update: {
          author_id?: string | null
          body?: string
          conversation_id?: string
          created_at?: string
          id?: never
          removed_at?: string | null
          sender?: string
        }
        Relationships: [
          {
            foreignKeyName: "messages_conversation_id_fkey"
            columns: ["conversation_id"]
            isOneToOne: false
            referencedRelation: "conversations"
            referencedColumns: ["id"]
          },
        ]
      }
      newsletter_subscriptions: {
        Row: {
          created_at: string
          email: string
          id: string
        }
        Insert: {
          created_at?: string
          email: string
          id?: string
        }
        Update: {
          created_at?: string
          email?: string
          id?: string
        }
        Relationships: []
      }
      rate_limit_counts: {
        Row: {
          bucket: string
          hits: number
          key_hash: string
          window_start: string
        }
        Insert: {
          bucket: string
          hits?: number
          key_hash: string
          window_start: string
        }
        Update: {
          bucket?: string
          hits?: number
          key_hash?: string
          window_start?: string
        }
        Relationships: []
      }
      saved_search_seen: {
        Row: {
          animal_id: string
          saved_search_id: string
          seen_at: string
        }
        Insert: {
          animal_id: string
          saved_search_id: string
          seen_at?: string
        }
        Update: {
          animal_id?: string
          saved_search_id?: string
          seen_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "saved_search_seen_animal_id_fkey"
            columns: ["animal_id"]
            isOneToOne: false
            referencedRelation: "animals"
            referencedColumns: ["id"]
          },
          {
            foreignKeyName: "saved_search_seen_saved_search_id_fkey"
            columns: ["saved_search_id"]
            isOneToOne: false
            referencedRelation: "saved_searches"
            referencedColumns: ["id"]
          },
        ]
      }
      saved_searches: {
        Row: {
          checked_until: string
          created_at: string
          filters: NonNullable<Json>
          frequency: string
          id: string
          last_emailed_at: string | null
          name: string
          next_check_at: string
          paused: boolean
          query: string
          unsubscribe_token: string
          updated_at: string
          user_id: string
        }
        Insert: {
          checked_until?: string
          created_at?: string
          filters?: NonNullable<Json>
          frequency?: string
          id?: string
          last_emailed_at?: string | null
          name: string
          next_check_at?: string
          paused?: boolean
          query: string
          unsubscribe_token?: string
          updated_at?: string
          user_id?: string
        }
        Update: {
          checked_until?: string
          created_at?: string
          filters?: NonNullable<Json>
          frequency?: string
          id?: string
          last_emailed_at?: string | null
          name?: string
          next_check_at?: string
          paused?: boolean
          query?: string
          unsubscribe_token?: string
          updated_at?: string
          user_id?: string
        }
        Relationships: []
      }
      shelter_activity: {
        Row: {
          action: string
          actor_email: string
          actor_id: string | null
          created_at: string
          details: NonNullable<Json>
          id: number
          shelter_id: string
          subject: string
        }
        Insert: {
          action: string
          actor_email: string
          actor_id?: string | null
          created_at?: string
          details?: NonNullable<Json>
          id?: never
          shelter_id: string
          subject?: string
        }
        Update: {
          action?: string
          actor_email?: string
          actor_id?: string | null
          created_at?: string
          details?: NonNullable<Json>
          id?: never
          shelter_id?: string
          subject?: string
        }
        Relationships: [
          {
            foreignKeyName: "shelter_activity_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      shelter_daily_stats: {
        Row: {
          applications: number
          day: string
          favorites: number
          profile_views: number
          questions: number
          shares: number
          shelter_id: string
          views: number
        }
        Insert: {
          applications?: number
          day: string
          favorites?: number
          profile_views?: number
          questions?: number
          shares?: number
          shelter_id: string
          views?: number
        }
        Update: {
          applications?: number
          day?: string
          favorites?: number
          profile_views?: number
          questions?: number
          shares?: number
          shelter_id?: string
          views?: number
        }
        Relationships: [
          {
            foreignKeyName: "shelter_daily_stats_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      shelter_invitations: {
        Row: {
          accepted_at: string | null
          accepted_by: string | null
          created_at: string
          email: string
          expired_at: string | null
          expires_at: string
          id: string
          invited_by: string | null
          invited_by_email: string
          revoked_at: string | null
          role: Database["public"]["Enums"]["member_role"]
          sent_at: string
          shelter_id: string
          token_hash: string
        }
        Insert: {
          accepted_at?: string | null
          accepted_by?: string | null
          created_at?: string
          email: string
          expired_at?: string | null
          expires_at?: string
          id?: string
          invited_by?: string | null
          invited_by_email: string
          revoked_at?: string | null
          role: Database["public"]["Enums"]["member_role"]
          sent_at?: string
          shelter_id: string
          token_hash: string
        }
        Update: {
          accepted_at?: string | null
          accepted_by?: string | null
          created_at?: string
          email?: string
          expired_at?: string | null
          expires_at?: string
          id?: string
          invited_by?: string | null
          invited_by_email?: string
          revoked_at?: string | null
          role?: Database["public"]["Enums"]["member_role"]
          sent_at?: string
          shelter_id?: string
          token_hash?: string
        }
        Relationships: [
          {
            foreignKeyName: "shelter_invitations_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      shelter_members: {
        Row: {
          created_at: string
          role: Database["public"]["Enums"]["member_role"]
          shelter_id: string
          user_id: string
        }
        Insert: {
          created_at?: string
          role: Database["public"]["Enums"]["member_role"]
          shelter_id: string
          user_id: string
        }
        Update: {
          created_at?: string
          role?: Database["public"]["Enums"]["member_role"]
          shelter_id?: string
          user_id?: string
        }
        Relationships: [
          {
            foreignKeyName: "shelter_members_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      shelter_profiles: {
        Row: {
          address: string | null
          approved_at: string | null
          capacity: number | null
          city: string | null
          contact_email: string | null
          created_at: string
          description: string | null
          ein: string | null
          id: string
          latitude: number | null
          listed: boolean | null
          longitude: number | null
          meeting_completed: boolean
          phone: string | null
          response_days: number
          response_judged: number
          response_median_hours: number | null
          response_on_time_percent: number | null
          response_stats_at: string | null
          shelter_name: string
          shelter_type: Database["public"]["Enums"]["shelter_type"] | null
          slug: string
          state: string | null
          suspended_at: string | null
          suspension_reason: string | null
          updated_at: string
          user_id: string
          website: string | null
          zip_code: string | null
        }
        Insert: {
          address?: string | null
          approved_at?: string | null
          capacity?: number | null
          city?: string | null
          contact_email?: string | null
          created_at?: string
          description?: string | null
          ein?: string | null
          id?: string
          latitude?: number | null
          listed?: never
          longitude?: number | null
          meeting_completed?: boolean
          phone?: string | null
          response_days?: number
          response_judged?: number
          response_median_hours?: number | null
          response_on_time_percent?: number | null
          response_stats_at?: string | null
          shelter_name?: string
          shelter_type?: Database["public"]["Enums"]["shelter_type"] | null
          slug: string
          state?: string | null
          suspended_at?: string | null
          suspension_reason?: string | null
          updated_at?: string
          user_id: string
          website?: string | null
          zip_code?: string | null
        }
        Update: {
          address?: string | null
          approved_at?: string | null
          capacity?: number | null
          city?: string | null
          contact_email?: string | null
          created_at?: string
          description?: string | null
          ein?: string | null
          id?: string
          latitude?: number | null
          listed?: never
          longitude?: number | null
          meeting_completed?: boolean
          phone?: string | null
          response_days?: number
          response_judged?: number
          response_median_hours?: number | null
          response_on_time_percent?: number | null
          response_stats_at?: string | null
          shelter_name?: string
          shelter_type?: Database["public"]["Enums"]["shelter_type"] | null
          slug?: string
          state?: string | null
          suspended_at?: string | null
          suspension_reason?: string | null
          updated_at?: string
          user_id?: string
          website?: string | null
          zip_code?: string | null
        }
        Relationships: []
      }
      shelter_questions: {
        Row: {
          created_at: string
          id: string
          kind: Database["public"]["Enums"]["application_question_kind"]
          options: string[]
          position: number
          prompt: string
          required: boolean
          shelter_id: string
          updated_at: string
        }
        Insert: {
          created_at?: string
          id?: string
          kind: Database["public"]["Enums"]["application_question_kind"]
          options?: string[]
          position?: number
          prompt: string
          required?: boolean
          shelter_id: string
          updated_at?: string
        }
        Update: {
          created_at?: string
          id?: string
          kind?: Database["public"]["Enums"]["application_question_kind"]
          options?: string[]
          position?: number
          prompt?: string
          required?: boolean
          shelter_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "shelter_questions_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      shelter_slug_history: {
        Row: {
          retired_at: string
          shelter_id: string
          slug: string
        }
        Insert: {
          retired_at?: string
          shelter_id: string
          slug: string
        }
        Update: {
          retired_at?: string
          shelter_id?: string
          slug?: string
        }
        Relationships: [
          {
            foreignKeyName: "shelter_slug_history_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      staff_audit_log: {
        Row: {
          action: string
          created_at: string
          details: NonNullable<Json>
          id: number
          reason: string | null
          shelter_id: string | null
          shelter_name: string
          staff_email: string
          staff_user_id: string | null
        }
        Insert: {
          action: string
          created_at?: string
          details?: NonNullable<Json>
          id?: never
          reason?: string | null
          shelter_id?: string | null
          shelter_name: string
          staff_email: string
          staff_user_id?: string | null
        }
        Update: {
          action?: string
          created_at?: string
          details?: NonNullable<Json>
          id?: never
          reason?: string | null
          shelter_id?: string | null
          shelter_name?: string
          staff_email?: string
          staff_user_id?: string | null
        }
        Relationships: [
          {
            foreignKeyName: "staff_audit_log_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      staff_members: {
        Row: {
          created_at: string
          user_id: string
        }
        Insert: {
          created_at?: string
          user_id: string
        }
        Update: {
          created_at?: string
          user_id?: string
        }
        Relationships: []
      }
      support_messages: {
        Row: {
          created_at: string
          email: string
          id: string
          message: string
          name: string
          organization: string | null
          priority: string
          reference: string
          subject: string
          user_id: string | null
        }
        Insert: {
          created_at?: string
          email: string
          id?: string
          message: string
          name: string
          organization?: string | null
          priority?: string
          reference?: string
          subject: string
          user_id?: string | null
        }
        Update: {
          created_at?: string
          email?: string
          id?: string
          message?: string
          name?: string
          organization?: string | null
          priority?: string
          reference?: string
          subject?: string
          user_id?: string | null
        }
        Relationships: []
      }
      sync_sources: {
        Row: {
          consecutive_failures: number
          created_at: string
          failure_emailed: boolean
          format: string | null
          has_key: boolean | null
          id: string
          key_ciphertext: string | null
          kind: string
          last_error: string | null
          last_pulled_at: string | null
          name: string
          next_run_at: string | null
          paused: boolean
          pull_interval_minutes: number | null
          settings: NonNullable<Json>
          shelter_id: string
          updated_at: string
        }
        Insert: {
          consecutive_failures?: number
          created_at?: string
          failure_emailed?: boolean
          format?: string | null
          has_key?: never
          id?: string
          key_ciphertext?: string | null
          kind: string
          last_error?: string | null
          last_pulled_at?: string | null
          name: string
          next_run_at?: string | null
          paused?: boolean
          pull_interval_minutes?: number | null
          settings?: NonNullable<Json>
          shelter_id: string
          updated_at?: string
        }
        Update: {
          consecutive_failures?: number
          created_at?: string
          failure_emailed?: boolean
          format?: string | null
          has_key?: never
          id?: string
          key_ciphertext?: string | null
          kind?: string
          last_error?: string | null
          last_pulled_at?: string | null
          name?: string
          next_run_at?: string | null
          paused?: boolean
          pull_interval_minutes?: number | null
          settings?: NonNullable<Json>
          shelter_id?: string
          updated_at?: string
        }
        Relationships: [
          {
            foreignKeyName: "sync_sources_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: false
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      vetting_requests: {
        Row: {
          ein: string | null
          meeting_at: string | null
          meeting_details: string | null
          meeting_held_at: string | null
          organization_type: Database["public"]["Enums"]["shelter_type"]
          phone: string
          preferred_times: string[]
          requested_at: string
          shelter_id: string
          staff_message: string | null
          status: string
          time_zone: string
          updated_at: string
          vet_clinic: string
          vet_name: string
          vet_phone: string
          website: string
        }
        Insert: {
          ein?: string | null
          meeting_at?: string | null
          meeting_details?: string | null
          meeting_held_at?: string | null
          organization_type: Database["public"]["Enums"]["shelter_type"]
          phone: string
          preferred_times: string[]
          requested_at?: string
          shelter_id: string
          staff_message?: string | null
          status?: string
          time_zone: string
          updated_at?: string
          vet_clinic: string
          vet_name: string
          vet_phone: string
          website: string
        }
        Update: {
          ein?: string | null
          meeting_at?: string | null
          meeting_details?: string | null
          meeting_held_at?: string | null
          organization_type?: Database["public"]["Enums"]["shelter_type"]
          phone?: string
          preferred_times?: string[]
          requested_at?: string
          shelter_id?: string
          staff_message?: string | null
          status?: string
          time_zone?: string
          updated_at?: string
          vet_clinic?: string
          vet_name?: string
          vet_phone?: string
          website?: string
        }
        Relationships: [
          {
            foreignKeyName: "vetting_requests_shelter_id_fkey"
            columns: ["shelter_id"]
            isOneToOne: true
            referencedRelation: "shelter_profiles"
            referencedColumns: ["id"]
          },
        ]
      }
      worker_heartbeats: {
        Row: {
          beat_at: string
          host_name: string
          started_at: string
          worker: string
        }
        Insert: {
          beat_at?: string
          host_name: string
          started_at?: string
          worker: string
        }
        Update: {
          beat_at?: string
          host_name?: string
          started_at?: string
          worker?: string
        }
        Relationships: []
      }
    }
    Views: {
      [_ in never]: never
    }
    Functions: {
      abandon_import: {
        Args: { message: string; run_id: string }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      accept_invitation: {
        Args: { token: string }
        Returns: {
          created_at: string
          role: Database["public"]["Enums"]["member_role"]
          shelter_id: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "shelter_members"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      add_animal_activity: {
        Args: {
          add_applications: number
          add_favorites: number
          add_questions: number
          add_shares: number
          add_views: number
          animal: string
          on_day: string
        }
        Returns: undefined
      }
      add_import_rows: {
        Args: { animals?: Json; errors?: Json; run_id: string }
        Returns: undefined
      }
      add_pull_source: {
        Args: {
          interval_minutes?: number
          key_ciphertext?: string
          kind: string
          name: string
          settings?: Json
          url?: string
        }
        Returns: {
          consecutive_failures: number
          created_at: string
          failure_emailed: boolean
          format: string | null
          has_key: boolean | null
          id: string
          key_ciphertext: string | null
          kind: string
          last_error: string | null
          last_pulled_at: string | null
          name: string
          next_run_at: string | null
          paused: boolean
          pull_interval_minutes: number | null
          settings: NonNullable<Json>
          shelter_id: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "sync_sources"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      adopter_name: { Args: { person: string }; Returns: string }
      analytics_day: { Args: Record<PropertyKey, never>; Returns: string }
      animal_application_intake: {
        Args: { animal_id: string }
        Returns: {
          open_cap: number
          open_count: number
          state: string
        }[]
      }
      animal_card_rows: {
        Args: { animal_ids: string[]; search_origin?: unknown }
        Returns: Database["public"]["CompositeTypes"]["animal_card"][]
        SetofOptions: {
          from: "*"
          to: "animal_card"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      animal_cards: {
        Args: { animal_ids: string[]; search_origin?: unknown }
        Returns: Json
      }
      animal_color_keys: {
        Args: {
          primary_color: string
          secondary_color: string
          tertiary_color: string
        }
        Returns: string[]
      }
      animal_freshness: {
        Args: { animal_ids: string[] }
        Returns: {
          animal_id: string
          confirmed_at: string
          confirmed_via: string
          source_format: string
          source_kind: string
          stale: boolean
        }[]
      }
      animal_type_counts: {
        Args: Record<PropertyKey, never>
        Returns: {
          available: number
          pending: number
          type: Database["public"]["Enums"]["animal_type"]
        }[]
      }
      answer_listing_check: {
        Args: { answer: string; nonce: string }
        Returns: Json
      }
      api_archive_animal: {
        Args: { external_id: string; source_id: string }
        Returns: string
      }
      api_key_lookup: {
        Args: { key_hash: string }
        Returns: {
          key_id: string
          scope: string
          shelter_id: string
          source_id: string
        }[]
      }
      api_put_animal: {
        Args: { animal: Json; source_id: string }
        Returns: Record<string, unknown>
      }
      api_set_animal_status: {
        Args: { external_id: string; source_id: string; status: string }
        Returns: string
      }
      api_source_of: {
        Args: { shelter: string }
        Returns: {
          consecutive_failures: number
          created_at: string
          failure_emailed: boolean
          format: string | null
          has_key: boolean | null
          id: string
          key_ciphertext: string | null
          kind: string
          last_error: string | null
          last_pulled_at: string | null
          name: string
          next_run_at: string | null
          paused: boolean
          pull_interval_minutes: number | null
          settings: NonNullable<Json>
          shelter_id: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "sync_sources"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      application_profile_missing: {
        Args: { applicant: string }
        Returns: string[]
      }
      application_snapshot: { Args: { applicant: string }; Returns: Json }
      apply_import: {
        Args: { confirm_removals: boolean; run_id: string }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      apply_import_piece: {
        Args: { max_rows?: number; run_id: string }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      approve_application: {
        Args: { application_id: string; message?: string }
        Returns: {
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          applicant_id: string | null
          applicant_name: string
          created_at: string
          decision_message: string | null
          first_answered_at: string | null
          id: string
          note: string | null
          reminded_at: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage: Database["public"]["Enums"]["application_stage"]
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "applications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      asm3_pull_settings: {
        Args: { account: string; service_url: string }
        Returns: Json
      }
      block_sender: { Args: { conversation_id: string }; Returns: undefined }
      bond_pair: {
        Args: { animal: string; companion: string; source_name?: string }
        Returns: string
      }
      bond_source_animals: {
        Args: { items: Json; source_id: string }
        Returns: undefined
      }
      bonded_companions: {
        Args: { animal_ids: string[] }
        Returns: {
          animal_id: string
          animal_leads: boolean
          id: string
          name: string
          photo_alt: string
          photo_path: string
          photo_url: string
          status: Database["public"]["Enums"]["animal_status"]
        }[]
      }
      bonded_group_names: { Args: { group_id: string }; Returns: Json }
      bypass_vetting: {
        Args: Record<PropertyKey, never>
        Returns: {
          address: string | null
          approved_at: string | null
          capacity: number | null
          city: string | null
          contact_email: string | null
          created_at: string
          description: string | null
          ein: string | null
          id: string
          latitude: number | null
          listed: boolean | null
          longitude: number | null
          meeting_completed: boolean
          phone: string | null
          response_days: number
          response_judged: number
          response_median_hours: number | null
          response_on_time_percent: number | null
          response_stats_at: string | null
          shelter_name: string
          shelter_type: Database["public"]["Enums"]["shelter_type"] | null
          slug: string
          state: string | null
          suspended_at: string | null
          suspension_reason: string | null
          updated_at: string
          user_id: string
          website: string | null
          zip_code: string | null
        }
        SetofOptions: {
          from: "*"
          to: "shelter_profiles"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      change_member_role: {
        Args: { member_id: string; role: string }
        Returns: {
          created_at: string
          role: Database["public"]["Enums"]["member_role"]
          shelter_id: string
          user_id: string
        }
        SetofOptions: {
          from: "*"
          to: "shelter_members"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      check_import_removals: {
        Args: { confirm_removals: boolean; run_id: string }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      checked_message: { Args: { body: string }; Returns: string }
      claim_jobs: {
        Args: {
          kinds?: string[]
          lease_seconds?: number
          max_jobs?: number
          worker_name: string
        }
        Returns: {
          attempts: number
          created_at: string
          dedupe_key: string | null
          failed_at: string | null
          id: number
          kind: string
          last_error: string | null
          locked_by: string | null
          locked_until: string | null
          max_attempts: number
          payload: NonNullable<Json>
          run_at: string
        }[]
        SetofOptions: {
          from: "*"
          to: "jobs"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      close_conversation: {
        Args: { conversation_id: string }
        Returns: undefined
      }
      close_interrupted_pulls: { Args: { source_id: string }; Returns: number }
      close_receiving_runs: { Args: { run_ids: string[] }; Returns: number }
      close_stale_imports: { Args: { older_than?: string }; Returns: number }
      complete_import: {
        Args: { run_id: string }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      complete_job: {
        Args: { job_id: number; worker_name: string }
        Returns: boolean
      }
      conversation_side: { Args: { conversation_id: string }; Returns: string }
      conversation_summary: {
        Args: { conversation_id: string }
        Returns: {
          adopter_deleted: boolean
          adopter_name: string
          animal_id: string
          animal_name: string
          blocked: boolean
          created_at: string
          id: string
          shelter_name: string
          side: string
          status: string
        }[]
      }
      count_animal_activity: {
        Args: { animal: string; happened_at: string; kind: string }
        Returns: undefined
      }
      create_api_key: {
        Args: { name: string; scope: string }
        Returns: Record<string, unknown>
      }
      create_ftp_source: {
        Args: { format: string; name: string; password_hash: string }
        Returns: {
          source_id: string
          username: string
        }[]
      }
      create_sync_source: {
        Args: { format?: string; kind: string; name: string; settings?: Json }
        Returns: {
          consecutive_failures: number
          created_at: string
          failure_emailed: boolean
          format: string | null
          has_key: boolean | null
          id: string
          key_ciphertext: string | null
          kind: string
          last_error: string | null
          last_pulled_at: string | null
          name: string
          next_run_at: string | null
          paused: boolean
          pull_interval_minutes: number | null
          settings: NonNullable<Json>
          shelter_id: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "sync_sources"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      dashboard_hash: { Args: { member: string }; Returns: string }
      decide_held_import: {
        Args: { apply: boolean; run_id: string }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      defer_job: {
        Args: { job_id: number; seconds: number; worker_name: string }
        Returns: boolean
      }
      detach_animal: { Args: { animal_id: string }; Returns: undefined }
      email_applicant: {
        Args: {
          application: Database["public"]["Tables"]["applications"]["Row"]
          data?: Json
          template: string
        }
        Returns: undefined
      }
      email_shelter: {
        Args: { data?: Json; shelter: string; template: string }
        Returns: undefined
      }
      email_shelter_team: {
        Args: {
          data?: Json
          min_role: string
          shelter: string
          template: string
        }
        Returns: undefined
      }
      enqueue_due_pulls: { Args: Record<PropertyKey, never>; Returns: number }
      enqueue_job: {
        Args: {
          dedupe_key?: string
          kind: string
          payload?: Json
          run_at?: string
        }
        Returns: number
      }
      expire_ftp_photos: { Args: Record<PropertyKey, never>; Returns: string[] }
      expire_invitations: { Args: Record<PropertyKey, never>; Returns: number }
      fail_job: {
        Args: {
          error: string
          give_up?: boolean
          job_id: number
          worker_name: string
        }
        Returns: {
          attempts: number
          created_at: string
          dedupe_key: string | null
          failed_at: string | null
          id: number
          kind: string
          last_error: string | null
          locked_by: string | null
          locked_until: string | null
          max_attempts: number
          payload: NonNullable<Json>
          run_at: string
        }
        SetofOptions: {
          from: "*"
          to: "jobs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      finish_import: {
        Args: { explicitly_empty?: boolean; run_id: string }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      finish_pull: {
        Args: {
          error?: string
          settings?: Json
          source_id: string
          succeeded: boolean
        }
        Returns: {
          consecutive_failures: number
          created_at: string
          failure_emailed: boolean
          format: string | null
          has_key: boolean | null
          id: string
          key_ciphertext: string | null
          kind: string
          last_error: string | null
          last_pulled_at: string | null
          name: string
          next_run_at: string | null
          paused: boolean
          pull_interval_minutes: number | null
          settings: NonNullable<Json>
          shelter_id: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "sync_sources"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      finished_import_files: {
        Args: { max_files?: number }
        Returns: {
          config_path: string
          file_path: string
          run_id: string
        }[]
      }
      forget_import_files: { Args: { run_ids: string[] }; Returns: undefined }
      forget_rate_limits: { Args: Record<PropertyKey, never>; Returns: number }
      ftp_login: {
        Args: { username: string }
        Returns: {
          format: string
          password_hash: string
          shelter_id: string
          source_id: string
          source_name: string
        }[]
      }
      ftp_photos_ready: {
        Args: { source_id: string }
        Returns: {
          animal_id: string
          external_id: string
          file_name: string
          height: number
          id: string
          place: number
          shelter_id: string
          storage_path: string
          width: number
        }[]
      }
      ftp_waiting_photos_cap: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      grid_cell: {
        Args: { latitude: number; longitude: number }
        Returns: number
      }
      grid_cells_around: {
        Args: { latitude: number; longitude: number; radius_m: number }
        Returns: number[]
      }
      grid_cells_within: {
        Args: { cells: number[]; origin: unknown; radius_chord: number }
        Returns: number[]
      }
      hold_application: {
        Args: { application_id: string; message?: string }
        Returns: {
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          applicant_id: string | null
          applicant_name: string
          created_at: string
          decision_message: string | null
          first_answered_at: string | null
          id: string
          note: string | null
          reminded_at: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage: Database["public"]["Enums"]["application_stage"]
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "applications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      hold_ftp_photo: {
        Args: {
          external_id: string
          file_name: string
          height: number
          place: number
          source_id: string
          storage_path: string
          width: number
        }
        Returns: string
      }
      import_job_pending: { Args: { run_id: string }; Returns: boolean }
      import_snapshot: {
        Args: {
          animals: Json
          errors?: Json
          explicitly_empty?: boolean
          file_name?: string
          source_id: string
          trigger?: string
        }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      interrupted_run_message: { Args: { trigger: string }; Returns: string }
      invitation_preview: {
        Args: { token: string }
        Returns: {
          email: string
          expires_at: string
          has_account: boolean
          role: string
          shelter_name: string
          state: string
        }[]
      }
      invite_member: {
        Args: { email: string; role: string }
        Returns: {
          accepted_at: string | null
          accepted_by: string | null
          created_at: string
          email: string
          expired_at: string | null
          expires_at: string
          id: string
          invited_by: string | null
          invited_by_email: string
          revoked_at: string | null
          role: Database["public"]["Enums"]["member_role"]
          sent_at: string
          shelter_id: string
          token_hash: string
        }
        SetofOptions: {
          from: "*"
          to: "shelter_invitations"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      is_shelter_member: {
        Args: { min_role?: string; shelter_id: string }
        Returns: boolean
      }
      is_staff: { Args: Record<PropertyKey, never>; Returns: boolean }
      keep_listings_fresh: {
        Args: { at?: string; batch_size?: number }
        Returns: number
      }
      keep_response_promises: {
        Args: { at?: string; batch_size?: number }
        Returns: number
      }
      last_worker_heartbeat_age: { Args: { host?: string }; Returns: number }
      leave_shelter: { Args: Record<PropertyKey, never>; Returns: undefined }
      link_bonded: {
        Args: { animal: string; companion: string }
        Returns: string
      }
      listed_companions: {
        Args: { animal: string }
        Returns: Database["public"]["CompositeTypes"]["companion_card"][]
      }
      lock_import_run: {
        Args: { expected: string; run_id: string }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      lock_pull_source: {
        Args: { source_id: string }
        Returns: {
          consecutive_failures: number
          created_at: string
          failure_emailed: boolean
          format: string | null
          has_key: boolean | null
          id: string
          key_ciphertext: string | null
          kind: string
          last_error: string | null
          last_pulled_at: string | null
          name: string
          next_run_at: string | null
          paused: boolean
          pull_interval_minutes: number | null
          settings: NonNullable<Json>
          shelter_id: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "sync_sources"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      log_shelter_activity: {
        Args: {
          action: string
          details?: Json
          shelter: string
          subject: string
        }
        Returns: undefined
      }
      mark_application_adopted: {
        Args: { application_id: string }
        Returns: {
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          applicant_id: string | null
          applicant_name: string
          created_at: string
          decision_message: string | null
          first_answered_at: string | null
          id: string
          note: string | null
          reminded_at: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage: Database["public"]["Enums"]["application_stage"]
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "applications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      mark_conversation_read: {
        Args: { conversation_id: string }
        Returns: undefined
      }
      mark_email_sent: { Args: { email_id: string }; Returns: undefined }
      matching_breed_words: { Args: { breed: string }; Returns: string[] }
      message_excerpt: { Args: { body: string }; Returns: string }
      move_application: {
        Args: {
          actor: string
          allowed_from: string[]
          application_id: string
          message?: string
          to_status: string
        }
        Returns: {
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          applicant_id: string | null
          applicant_name: string
          created_at: string
          decision_message: string | null
          first_answered_at: string | null
          id: string
          note: string | null
          reminded_at: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage: Database["public"]["Enums"]["application_stage"]
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "applications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      move_shelter_question: {
        Args: { question_id: string; up: boolean }
        Returns: undefined
      }
      my_application_profile_missing: {
        Args: Record<PropertyKey, never>
        Returns: string[]
      }
      my_conversations: {
        Args: Record<PropertyKey, never>
        Returns: {
          animal_id: string
          animal_name: string
          created_at: string
          id: string
          last_message_at: string
          shelter_name: string
          status: string
          unanswered: boolean
          unread: boolean
        }[]
      }
      my_dashboard_badges: {
        Args: Record<PropertyKey, never>
        Returns: Record<string, unknown>
      }
      my_favorites: {
        Args: Record<PropertyKey, never>
        Returns: Database["public"]["CompositeTypes"]["animal_card"][]
        SetofOptions: {
          from: "*"
          to: "animal_card"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      my_photo_folders: { Args: { min_role?: string }; Returns: string[] }
      my_photo_storage: {
        Args: Record<PropertyKey, never>
        Returns: {
          quota_bytes: number
          used_bytes: number
        }[]
      }
      my_shelter_application_counts: {
        Args: Record<PropertyKey, never>
        Returns: Record<string, unknown>
      }
      my_shelter_id: { Args: { min_role?: string }; Returns: string }
      my_shelter_profile_views: {
        Args: { period_days?: number }
        Returns: number
      }
      my_team: {
        Args: Record<PropertyKey, never>
        Returns: {
          email: string
          joined_at: string
          role: string
          user_id: string
        }[]
      }
      my_unread_conversations: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      new_invitation_token: {
        Args: Record<PropertyKey, never>
        Returns: Record<string, unknown>
      }
      photo_folder_shelter: { Args: { folder: string }; Returns: string }
      photo_storage_use: {
        Args: { shelter_id: string }
        Returns: {
          quota_bytes: number
          used_bytes: number
        }[]
      }
      post_message: {
        Args: {
          body: string
          conversation: Database["public"]["Tables"]["conversations"]["Row"]
          first: boolean
          side: string
        }
        Returns: number
      }
      queue_email: {
        Args: { data?: Json; template: string; to_address: string }
        Returns: string
      }
      queue_import: {
        Args: {
          config_path?: string
          file_name?: string
          file_path: string
          format?: string
          source_id: string
          trigger?: string
        }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      rebuild_activity_totals: {
        Args: { shelter?: string }
        Returns: undefined
      }
      record_failed_import: {
        Args: {
          file_name?: string
          message: string
          source_id: string
          trigger?: string
        }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      record_page_activity: {
        Args: {
          animal_ids?: string[]
          animal_shares?: number[]
          animal_views?: number[]
          shelter_ids?: string[]
          shelter_views?: number[]
        }
        Returns: undefined
      }
      record_worker_heartbeat: {
        Args: { host: string; stopping?: boolean; worker_name: string }
        Returns: undefined
      }
      refresh_shelter_responsiveness: { Args: { at?: string }; Returns: number }
      reject_application: {
        Args: { application_id: string; message?: string }
        Returns: {
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          applicant_id: string | null
          applicant_name: string
          created_at: string
          decision_message: string | null
          first_answered_at: string | null
          id: string
          note: string | null
          reminded_at: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage: Database["public"]["Enums"]["application_stage"]
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "applications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      release_ftp_photo: {
        Args: { id: string; storage_path: string }
        Returns: boolean
      }
      release_job: {
        Args: { job_id: number; worker_name: string }
        Returns: boolean
      }
      remember_sync_source_setting: {
        Args: { setting: string; source_id: string; value: Json }
        Returns: undefined
      }
      remove_member: { Args: { member_id: string }; Returns: undefined }
      renew_job_lease: {
        Args: { job_id: number; lease_seconds?: number; worker_name: string }
        Returns: boolean
      }
      reopen_application: {
        Args: { application_id: string; at?: string }
        Returns: {
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          applicant_id: string | null
          applicant_name: string
          created_at: string
          decision_message: string | null
          first_answered_at: string | null
          id: string
          note: string | null
          reminded_at: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage: Database["public"]["Enums"]["application_stage"]
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "applications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      reopen_conversation: {
        Args: { conversation_id: string }
        Returns: undefined
      }
      reorder_animal_photos: {
        Args: { photo_ids: string[]; target_animal: string }
        Returns: undefined
      }
      replace_pull_source_key: {
        Args: { key_ciphertext: string; source_id: string }
        Returns: {
          consecutive_failures: number
          created_at: string
          failure_emailed: boolean
          format: string | null
          has_key: boolean | null
          id: string
          key_ciphertext: string | null
          kind: string
          last_error: string | null
          last_pulled_at: string | null
          name: string
          next_run_at: string | null
          paused: boolean
          pull_interval_minutes: number | null
          settings: NonNullable<Json>
          shelter_id: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "sync_sources"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      request_vetting_meeting: {
        Args: {
          ein: string
          organization_name?: string
          organization_type: string
          phone: string
          preferred_times: string[]
          time_zone: string
          vet_clinic: string
          vet_name: string
          vet_phone: string
          website: string
        }
        Returns: {
          ein: string | null
          meeting_at: string | null
          meeting_details: string | null
          meeting_held_at: string | null
          organization_type: Database["public"]["Enums"]["shelter_type"]
          phone: string
          preferred_times: string[]
          requested_at: string
          shelter_id: string
          staff_message: string | null
          status: string
          time_zone: string
          updated_at: string
          vet_clinic: string
          vet_name: string
          vet_phone: string
          website: string
        }
        SetofOptions: {
          from: "*"
          to: "vetting_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      require_api_source: {
        Args: { source_id: string }
        Returns: {
          consecutive_failures: number
          created_at: string
          failure_emailed: boolean
          format: string | null
          has_key: boolean | null
          id: string
          key_ciphertext: string | null
          kind: string
          last_error: string | null
          last_pulled_at: string | null
          name: string
          next_run_at: string | null
          paused: boolean
          pull_interval_minutes: number | null
          settings: NonNullable<Json>
          shelter_id: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "sync_sources"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      require_application_team: {
        Args: { application_id: string }
        Returns: undefined
      }
      require_bcrypt_hash: { Args: { hash: string }; Returns: undefined }
      require_conversation_side: {
        Args: { conversation_id: string }
        Returns: string
      }
      require_not_blocked: {
        Args: { person: string; shelter: string }
        Returns: undefined
      }
      require_pull_interval: { Args: { minutes: number }; Returns: number }
      require_staff: {
        Args: Record<PropertyKey, never>
        Returns: Record<string, unknown>
      }
      require_sync_manager: { Args: { shelter: string }; Returns: undefined }
      require_team_manager: {
        Args: Record<PropertyKey, never>
        Returns: {
          address: string | null
          approved_at: string | null
          capacity: number | null
          city: string | null
          contact_email: string | null
          created_at: string
          description: string | null
          ein: string | null
          id: string
          latitude: number | null
          listed: boolean | null
          longitude: number | null
          meeting_completed: boolean
          phone: string | null
          response_days: number
          response_judged: number
          response_median_hours: number | null
          response_on_time_percent: number | null
          response_stats_at: string | null
          shelter_name: string
          shelter_type: Database["public"]["Enums"]["shelter_type"] | null
          slug: string
          state: string | null
          suspended_at: string | null
          suspension_reason: string | null
          updated_at: string
          user_id: string
          website: string | null
          zip_code: string | null
        }
        SetofOptions: {
          from: "*"
          to: "shelter_profiles"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      require_text: {
        Args: { message: string; value: string }
        Returns: string
      }
      resend_invitation: {
        Args: { invitation_id: string }
        Returns: {
          accepted_at: string | null
          accepted_by: string | null
          created_at: string
          email: string
          expired_at: string | null
          expires_at: string
          id: string
          invited_by: string | null
          invited_by_email: string
          revoked_at: string | null
          role: Database["public"]["Enums"]["member_role"]
          sent_at: string
          shelter_id: string
          token_hash: string
        }
        SetofOptions: {
          from: "*"
          to: "shelter_invitations"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      reset_ftp_password: {
        Args: { password_hash: string; source_id: string }
        Returns: string
      }
      review_application: {
        Args: { application_id: string }
        Returns: {
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          applicant_id: string | null
          applicant_name: string
          created_at: string
          decision_message: string | null
          first_answered_at: string | null
          id: string
          note: string | null
          reminded_at: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage: Database["public"]["Enums"]["application_stage"]
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "applications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      revoke_api_key: { Args: { key_id: string }; Returns: undefined }
      revoke_invitation: {
        Args: { invitation_id: string }
        Returns: {
          accepted_at: string | null
          accepted_by: string | null
          created_at: string
          email: string
          expired_at: string | null
          expires_at: string
          id: string
          invited_by: string | null
          invited_by_email: string
          revoked_at: string | null
          role: Database["public"]["Enums"]["member_role"]
          sent_at: string
          shelter_id: string
          token_hash: string
        }
        SetofOptions: {
          from: "*"
          to: "shelter_invitations"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      run_pull_source_now: { Args: { source_id: string }; Returns: undefined }
      run_saved_search_alerts: {
        Args: { batch_size?: number }
        Returns: number
      }
      save_animal: {
        Args: {
          changes: Json
          main_photo_id?: string
          new_photos?: Json
          removed_photo_ids?: string[]
          target_animal: string
        }
        Returns: string[]
      }
      saved_search_for_unsubscribe: {
        Args: { token: string }
        Returns: {
          name: string
          paused: boolean
        }[]
      }
      saved_search_limit: { Args: Record<PropertyKey, never>; Returns: number }
      saved_search_new_matches: {
        Args: { search_ids: string[]; until: string }
        Returns: {
          animal_id: string
          published_at: string
          saved_search_id: string
        }[]
      }
      saved_search_period: { Args: { frequency: string }; Returns: string }
      search_animal_map: {
        Args: {
          age?: string
          breed?: string
          cell_degrees?: number
          coat?: string
          color?: string
          good_with?: string[]
          house_trained?: boolean
          lat?: number
          lon?: number
          new_this_week?: boolean
          q?: string
          radius_miles?: number
          sex?: string
          size?: string
          special_needs?: boolean
          type?: string
        }
        Returns: Database["public"]["CompositeTypes"]["animal_map"]
        SetofOptions: {
          from: "*"
          to: "animal_map"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      search_animals: {
        Args: {
          age?: string
          breed?: string
          coat?: string
          color?: string
          good_with?: string[]
          house_trained?: boolean
          lat?: number
          lon?: number
          new_this_week?: boolean
          page_offset?: number
          page_size?: number
          q?: string
          radius_miles?: number
          sex?: string
          size?: string
          sort?: string
          special_needs?: boolean
          type?: string
        }
        Returns: Database["public"]["CompositeTypes"]["search_results"]
        SetofOptions: {
          from: "*"
          to: "search_results"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      search_filter_from: {
        Args: { filters: Json }
        Returns: Database["public"]["CompositeTypes"]["search_filter"]
        SetofOptions: {
          from: "*"
          to: "search_filter"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      search_matches: {
        Args: {
          a: Database["public"]["Tables"]["animals"]["Row"]
          f: Database["public"]["CompositeTypes"]["search_filter"]
        }
        Returns: boolean
      }
      search_page_by_facets: {
        Args: {
          f: Database["public"]["CompositeTypes"]["search_filter"]
          order_by: string
          page_limit: number
          page_start: number
        }
        Returns: string[]
      }
      search_tally_total: {
        Args: { f: Database["public"]["CompositeTypes"]["search_filter"] }
        Returns: number
      }
      send_invitation_email: {
        Args: {
          invitation: Database["public"]["Tables"]["shelter_invitations"]["Row"]
          token: string
        }
        Returns: undefined
      }
      send_message: {
        Args: { conversation_id: string; message: string }
        Returns: number
      }
      set_pull_interval: {
        Args: { interval_minutes: number; source_id: string }
        Returns: {
          consecutive_failures: number
          created_at: string
          failure_emailed: boolean
          format: string | null
          has_key: boolean | null
          id: string
          key_ciphertext: string | null
          kind: string
          last_error: string | null
          last_pulled_at: string | null
          name: string
          next_run_at: string | null
          paused: boolean
          pull_interval_minutes: number | null
          settings: NonNullable<Json>
          shelter_id: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "sync_sources"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      set_pull_source_paused: {
        Args: { paused: boolean; source_id: string }
        Returns: {
          consecutive_failures: number
          created_at: string
          failure_emailed: boolean
          format: string | null
          has_key: boolean | null
          id: string
          key_ciphertext: string | null
          kind: string
          last_error: string | null
          last_pulled_at: string | null
          name: string
          next_run_at: string | null
          paused: boolean
          pull_interval_minutes: number | null
          settings: NonNullable<Json>
          shelter_id: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "sync_sources"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      settle_bonded_group: { Args: { group_id: string }; Returns: undefined }
      shelter_analytics: {
        Args: {
          descending?: boolean
          page_offset?: number
          page_size?: number
          period_days?: number
          sort_by?: string
        }
        Returns: Database["public"]["CompositeTypes"]["analytics_report"]
        SetofOptions: {
          from: "*"
          to: "analytics_report"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      shelter_animal_counts: {
        Args: { shelter_ids: string[] }
        Returns: {
          available: number
          pending: number
          shelter_id: string
        }[]
      }
      shelter_contact_emails: { Args: { shelter: string }; Returns: string[] }
      shelter_conversations: {
        Args: { closed: boolean; page_offset?: number; page_size?: number }
        Returns: {
          adopter_name: string
          animal_id: string
          animal_name: string
          answer_due_at: string
          created_at: string
          first_answered_at: string
          id: string
          last_message_at: string
          status: string
          total: number
          unread: boolean
        }[]
      }
      shelter_role_rank: { Args: { role: string }; Returns: number }
      shelter_side_of: {
        Args: { conversation_id: string }
        Returns: {
          adopter_id: string | null
          adopter_read_at: string | null
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          closed_at: string | null
          created_at: string
          first_answered_at: string | null
          id: string
          last_adopter_message_at: string | null
          last_message_at: string
          last_shelter_message_at: string | null
          reminded_at: string | null
          shelter_id: string
          shelter_read_at: string | null
          status: string
          unanswered_at: string | null
        }
        SetofOptions: {
          from: "*"
          to: "conversations"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      shelter_slug: { Args: { id: string; name: string }; Returns: string }
      shelter_unread_conversations: {
        Args: Record<PropertyKey, never>
        Returns: number
      }
      similar_animals_nearby: {
        Args: { application_id: string }
        Returns: Json
      }
      sitemap_animal_files: {
        Args: { file_size?: number }
        Returns: {
          first_id: string
          last_modified: string
          urls: number
        }[]
      }
      sitemap_animals: {
        Args: { after: string; inclusive?: boolean; page_size?: number }
        Returns: Json
      }
      sitemap_shelter_files: {
        Args: { file_size?: number }
        Returns: {
          first_id: string
          last_modified: string
          urls: number
        }[]
      }
      sitemap_shelters: {
        Args: { after: string; inclusive?: boolean; page_size?: number }
        Returns: Json
      }
      staff_act: {
        Args: {
          action: string
          details?: Json
          reason: string
          shelter: string
        }
        Returns: {
          ein: string | null
          meeting_at: string | null
          meeting_details: string | null
          meeting_held_at: string | null
          organization_type: Database["public"]["Enums"]["shelter_type"]
          phone: string
          preferred_times: string[]
          requested_at: string
          shelter_id: string
          staff_message: string | null
          status: string
          time_zone: string
          updated_at: string
          vet_clinic: string
          vet_name: string
          vet_phone: string
          website: string
        }
        SetofOptions: {
          from: "*"
          to: "vetting_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      staff_approve_shelter: {
        Args: { notes: string; shelter: string }
        Returns: {
          ein: string | null
          meeting_at: string | null
          meeting_details: string | null
          meeting_held_at: string | null
          organization_type: Database["public"]["Enums"]["shelter_type"]
          phone: string
          preferred_times: string[]
          requested_at: string
          shelter_id: string
          staff_message: string | null
          status: string
          time_zone: string
          updated_at: string
          vet_clinic: string
          vet_name: string
          vet_phone: string
          website: string
        }
        SetofOptions: {
          from: "*"
          to: "vetting_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      staff_audit_entries: {
        Args: { max_entries?: number }
        Returns: {
          action: string
          created_at: string
          details: NonNullable<Json>
          id: number
          reason: string | null
          shelter_id: string | null
          shelter_name: string
          staff_email: string
          staff_user_id: string | null
        }[]
        SetofOptions: {
          from: "*"
          to: "staff_audit_log"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      staff_failed_jobs: {
        Args: Record<PropertyKey, never>
        Returns: {
          attempts: number
          created_at: string
          failed_at: string
          id: number
          kind: string
          last_error: string
        }[]
      }
      staff_find_shelters: {
        Args: { search?: string }
        Returns: {
          approved_at: string
          city: string
          shelter_id: string
          shelter_name: string
          state: string
          suspended_at: string
        }[]
      }
      staff_record_meeting: {
        Args: { notes: string; shelter: string }
        Returns: {
          ein: string | null
          meeting_at: string | null
          meeting_details: string | null
          meeting_held_at: string | null
          organization_type: Database["public"]["Enums"]["shelter_type"]
          phone: string
          preferred_times: string[]
          requested_at: string
          shelter_id: string
          staff_message: string | null
          status: string
          time_zone: string
          updated_at: string
          vet_clinic: string
          vet_name: string
          vet_phone: string
          website: string
        }
        SetofOptions: {
          from: "*"
          to: "vetting_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      staff_reject_shelter: {
        Args: { reason: string; shelter: string }
        Returns: {
          ein: string | null
          meeting_at: string | null
          meeting_details: string | null
          meeting_held_at: string | null
          organization_type: Database["public"]["Enums"]["shelter_type"]
          phone: string
          preferred_times: string[]
          requested_at: string
          shelter_id: string
          staff_message: string | null
          status: string
          time_zone: string
          updated_at: string
          vet_clinic: string
          vet_name: string
          vet_phone: string
          website: string
        }
        SetofOptions: {
          from: "*"
          to: "vetting_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      staff_request_information: {
        Args: { message: string; shelter: string }
        Returns: {
          ein: string | null
          meeting_at: string | null
          meeting_details: string | null
          meeting_held_at: string | null
          organization_type: Database["public"]["Enums"]["shelter_type"]
          phone: string
          preferred_times: string[]
          requested_at: string
          shelter_id: string
          staff_message: string | null
          status: string
          time_zone: string
          updated_at: string
          vet_clinic: string
          vet_name: string
          vet_phone: string
          website: string
        }
        SetofOptions: {
          from: "*"
          to: "vetting_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      staff_restore_shelter: {
        Args: { notes: string; shelter: string }
        Returns: {
          address: string | null
          approved_at: string | null
          capacity: number | null
          city: string | null
          contact_email: string | null
          created_at: string
          description: string | null
          ein: string | null
          id: string
          latitude: number | null
          listed: boolean | null
          longitude: number | null
          meeting_completed: boolean
          phone: string | null
          response_days: number
          response_judged: number
          response_median_hours: number | null
          response_on_time_percent: number | null
          response_stats_at: string | null
          shelter_name: string
          shelter_type: Database["public"]["Enums"]["shelter_type"] | null
          slug: string
          state: string | null
          suspended_at: string | null
          suspension_reason: string | null
          updated_at: string
          user_id: string
          website: string | null
          zip_code: string | null
        }
        SetofOptions: {
          from: "*"
          to: "shelter_profiles"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      staff_retry_email: { Args: { email_id: string }; Returns: undefined }
      staff_retry_job: { Args: { job_id: number }; Returns: undefined }
      staff_schedule_meeting: {
        Args: { meeting_at: string; meeting_details: string; shelter: string }
        Returns: {
          ein: string | null
          meeting_at: string | null
          meeting_details: string | null
          meeting_held_at: string | null
          organization_type: Database["public"]["Enums"]["shelter_type"]
          phone: string
          preferred_times: string[]
          requested_at: string
          shelter_id: string
          staff_message: string | null
          status: string
          time_zone: string
          updated_at: string
          vet_clinic: string
          vet_name: string
          vet_phone: string
          website: string
        }
        SetofOptions: {
          from: "*"
          to: "vetting_requests"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      staff_shelter_detail: {
        Args: { shelter: string }
        Returns: Database["public"]["CompositeTypes"]["staff_shelter"]
        SetofOptions: {
          from: "*"
          to: "staff_shelter"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      staff_slow_shelters: {
        Args: Record<PropertyKey, never>
        Returns: {
          city: string
          response_judged: number
          response_median_hours: number
          response_on_time_percent: number
          shelter_id: string
          shelter_name: string
          slug: string
          state: string
        }[]
      }
      staff_suspend_shelter: {
        Args: { reason: string; shelter: string }
        Returns: {
          address: string | null
          approved_at: string | null
          capacity: number | null
          city: string | null
          contact_email: string | null
          created_at: string
          description: string | null
          ein: string | null
          id: string
          latitude: number | null
          listed: boolean | null
          longitude: number | null
          meeting_completed: boolean
          phone: string | null
          response_days: number
          response_judged: number
          response_median_hours: number | null
          response_on_time_percent: number | null
          response_stats_at: string | null
          shelter_name: string
          shelter_type: Database["public"]["Enums"]["shelter_type"] | null
          slug: string
          state: string | null
          suspended_at: string | null
          suspension_reason: string | null
          updated_at: string
          user_id: string
          website: string | null
          zip_code: string | null
        }
        SetofOptions: {
          from: "*"
          to: "shelter_profiles"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      staff_undelivered_emails: {
        Args: Record<PropertyKey, never>
        Returns: {
          attempts: number
          created_at: string
          gave_up: boolean
          id: string
          last_error: string
          recipient: string
          template: string
        }[]
      }
      staff_vetting_queue: {
        Args: Record<PropertyKey, never>
        Returns: {
          city: string
          meeting_at: string
          organization_type: Database["public"]["Enums"]["shelter_type"]
          requested_at: string
          shelter_id: string
          shelter_name: string
          state: string
          status: string
          time_zone: string
        }[]
      }
      start_applying_import: {
        Args: { explicitly_empty?: boolean; run_id: string }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      start_conversation: {
        Args: { animal: string; message: string }
        Returns: string
      }
      start_import: {
        Args: { file_name?: string; source_id: string; trigger?: string }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      store_ftp_photo: {
        Args: {
          external_id: string
          height: number
          place: number
          source_id: string
          storage_path: string
          width: number
        }
        Returns: string
      }
      store_synced_photo: {
        Args: {
          animal_id: string
          height: number
          source_url: string
          storage_path: string
          width: number
        }
        Returns: boolean
      }
      submit_application: {
        Args: { animal_id: string; note?: string }
        Returns: {
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          applicant_id: string | null
          applicant_name: string
          created_at: string
          decision_message: string | null
          first_answered_at: string | null
          id: string
          note: string | null
          reminded_at: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage: Database["public"]["Enums"]["application_stage"]
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "applications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      submit_application_with_answers: {
        Args: { animal_id: string; answers?: Json; note?: string }
        Returns: {
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          applicant_id: string | null
          applicant_name: string
          created_at: string
          decision_message: string | null
          first_answered_at: string | null
          id: string
          note: string | null
          reminded_at: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage: Database["public"]["Enums"]["application_stage"]
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "applications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      submit_support_message: {
        Args: {
          email: string
          message: string
          name: string
          organization?: string
          priority?: string
          subject: string
        }
        Returns: string
      }
      subscribe_newsletter: { Args: { email: string }; Returns: undefined }
      support_reference: { Args: Record<PropertyKey, never>; Returns: string }
      sync_source_setting: {
        Args: { setting: string; source_id: string }
        Returns: Json
      }
      take_queued_import: {
        Args: { run_id: string }
        Returns: {
          actor_id: string | null
          added: number
          apply_cursor: string | null
          config_path: string | null
          explicitly_empty: boolean
          failed: number
          file_name: string | null
          file_path: string | null
          finished_at: string | null
          format: string | null
          id: string
          message: string | null
          removed: number
          rows_applied: number | null
          rows_read: number | null
          rows_total: number | null
          shelter_id: string
          source_id: string
          started_at: string
          status: string
          trigger: string
          unchanged: number
          updated: number
        }
        SetofOptions: {
          from: "*"
          to: "import_runs"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      take_rate_limit: {
        Args: {
          at_time?: string
          bucket: string
          key: string
          max_hits: number
          window_seconds: number
        }
        Returns: {
          allowed: boolean
          retry_after_seconds: number
        }[]
      }
      tell_owner_of_repeated_signup: {
        Args: { email: string }
        Returns: boolean
      }
      unblock_sender: { Args: { conversation_id: string }; Returns: undefined }
      unlink_bonded: { Args: { animal: string }; Returns: undefined }
      unlisted_animal_page: {
        Args: { animal_id: string }
        Returns: Database["public"]["CompositeTypes"]["unlisted_animal"]
        SetofOptions: {
          from: "*"
          to: "unlisted_animal"
          isOneToOne: true
          isSetofReturn: true
        }
      }
      unsubscribe_saved_search: { Args: { token: string }; Returns: string }
      update_pull_source: {
        Args: {
          account?: string
          interval_minutes: number
          key_ciphertext?: string
          name: string
          org_id?: string
          source_id: string
          url?: string
        }
        Returns: {
          consecutive_failures: number
          created_at: string
          failure_emailed: boolean
          format: string | null
          has_key: boolean | null
          id: string
          key_ciphertext: string | null
          kind: string
          last_error: string | null
          last_pulled_at: string | null
          name: string
          next_run_at: string | null
          paused: boolean
          pull_interval_minutes: number | null
          settings: NonNullable<Json>
          shelter_id: string
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "sync_sources"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      waiting_longest: {
        Args: { row_size?: number }
        Returns: Database["public"]["CompositeTypes"]["animal_card"][]
        SetofOptions: {
          from: "*"
          to: "animal_card"
          isOneToOne: false
          isSetofReturn: true
        }
      }
      withdraw_application: {
        Args: { application_id: string }
        Returns: {
          animal_id: string | null
          animal_name: string
          answer_due_at: string
          applicant_id: string | null
          applicant_name: string
          created_at: string
          decision_message: string | null
          first_answered_at: string | null
          id: string
          note: string | null
          reminded_at: string | null
          shelter_id: string
          snapshot: NonNullable<Json>
          stage: Database["public"]["Enums"]["application_stage"]
          status: Database["public"]["Enums"]["application_status"]
          updated_at: string
        }
        SetofOptions: {
          from: "*"
          to: "applications"
          isOneToOne: true
          isSetofReturn: false
        }
      }
      write_source_animals: {
        Args: {
          items: Json
          source: Database["public"]["Tables"]["sync_sources"]["Row"]
        }
        Returns: Record<string, unknown>
      }
    }
    Enums: {
      animal_age_group: "young" | "adult" | "senior"
      animal_coat: "hairless" | "short" | "medium" | "long" | "wire" | "curly"
      animal_sex: "male" | "female" | "unknown"
      animal_size: "small" | "medium" | "large" | "xlarge"
      animal_status: "available" | "pending" | "adopted" | "archived"
      animal_type:
        | "dog"
        | "cat"
        | "rabbit"
        | "bird"
        | "small-animal"
        | "reptile"
        | "horse"
        | "barnyard"
        | "other"
      application_question_kind:
        | "short_text"
        | "long_text"
        | "yes_no"
        | "one_of"
        | "several_of"
      application_stage: "pending" | "approved" | "rejected"
      application_status:
        | "submitted"
        | "in_review"
        | "on_hold"
        | "approved"
        | "adopted"
        | "rejected"
        | "withdrawn"
        | "closed"
      good_with_answer: "unknown" | "yes" | "no"
      member_role: "owner" | "admin" | "staff" | "volunteer"
      shelter_type: "animal_shelter" | "rescue_organization" | "foster_network"
    }
    CompositeTypes: {
      activity_totals: {
        views: number
        favorites: number
        shares: number
        questions: number
        applications: number
      }
      adopted_animal: {
        id: string
        name: string
        type: Database["public"]["Enums"]["animal_type"]
        primary_breed: string | null
        secondary_breed: string | null
        mixed_breed: boolean
        age_group: Database["public"]["Enums"]["animal_age_group"]
        birth_date: string | null
        sex: Database["public"]["Enums"]["animal_sex"]
        size: Database["public"]["Enums"]["animal_size"]
        primary_color: string | null
        secondary_color: string | null
        tertiary_color: string | null
        coat: Database["public"]["Enums"]["animal_coat"] | null
        description: string | null
        photos: Database["public"]["CompositeTypes"]["listing_photo"][]
        shelter: Database["public"]["CompositeTypes"]["listing_shelter"]
      }
      analytics_report: {
        today: string
        period_start: string
        previous_start: string
        current: Database["public"]["CompositeTypes"]["activity_totals"]
        previous: Database["public"]["CompositeTypes"]["activity_totals"]
        daily: Database["public"]["CompositeTypes"]["daily_activity"][]
        listed_count: number
        animals: Database["public"]["CompositeTypes"]["animal_activity"][]
      }
      animal_activity: {
        id: string
        name: string
        status: Database["public"]["Enums"]["animal_status"]
        days_listed: number | null
        views: number
        favorites: number
        shares: number
        questions: number
        applications: number
      }
      animal_card: {
        id: string
        name: string
        type: Database["public"]["Enums"]["animal_type"]
        primary_breed: string | null
        secondary_breed: string | null
        mixed_breed: boolean
        age_group: Database["public"]["Enums"]["animal_age_group"]
        sex: Database["public"]["Enums"]["animal_sex"]
        size: Database["public"]["Enums"]["animal_size"]
        status: Database["public"]["Enums"]["animal_status"]
        published_at: string | null
        photo_path: string | null
        photo_url: string | null
        photo_alt: string | null
        photo_width: number | null
        photo_height: number | null
        shelter_id: string
        shelter_name: string
        shelter_slug: string
        city: string | null
        state: string | null
        distance_miles: number | null
        companions: Database["public"]["CompositeTypes"]["companion_card"][]
        confirmed_at: string
        confirmed_via: string
        source_kind: string | null
        source_format: string | null
      }
      animal_map: {
        total: number
        unplaced: number
        groups: Database["public"]["CompositeTypes"]["map_group"][]
      }
      companion_card: {
        id: string
        name: string
        photo_path: string | null
        photo_url: string | null
        photo_alt: string | null
      }
      daily_activity: {
        day: string
        views: number
        actions: number
      }
      listing_photo: {
        storage_path: string | null
        external_url: string | null
        alt: string | null
        position: number
        width: number | null
        height: number | null
      }
      listing_shelter: {
        shelter_name: string
        slug: string
        city: string | null
        state: string | null
      }
      map_animal: {
        id: string
        name: string
        companions: string[]
        type: Database["public"]["Enums"]["animal_type"]
        primary_breed: string | null
        secondary_breed: string | null
        mixed_breed: boolean
      }
      map_group: {
        count: number
        latitude: number
        longitude: number
        animal: Database["public"]["CompositeTypes"]["map_animal"]
        city: string | null
        state: string | null
        zip_code: string | null
      }
      search_filter: {
        latitude: number | null
        longitude: number | null
        origin: unknown
        radius_m: number | null
        radius_chord: number | null
        cells: number[] | null
        type: string | null
        types: string[] | null
        age_group: string | null
        size: string | null
        sex: string | null
        with_children: boolean | null
        with_dogs: boolean | null
        with_cats: boolean | null
        house_trained: boolean | null
        special_needs: boolean | null
        coat: string | null
        color: string | null
        published_since: string | null
        breeds: string[] | null
        keywords: unknown
      }
      search_results: {
        total: number
        animals: Database["public"]["CompositeTypes"]["animal_card"][]
      }
      shelter_place: {
        latitude: number | null
        longitude: number | null
        zip_code: string | null
        city: string | null
        state: string | null
      }
      staff_log_entry: {
        id: number
        staff_email: string
        action: string
        shelter_id: string | null
        shelter_name: string
        reason: string | null
        details: NonNullable<Json>
        created_at: string
      }
      staff_shelter: {
        profile: Database["public"]["Tables"]["shelter_profiles"]["Row"]
        request: Database["public"]["Tables"]["vetting_requests"]["Row"] | null
        contacts: string[]
        team: Database["public"]["CompositeTypes"]["staff_team_member"][]
        log: Database["public"]["CompositeTypes"]["staff_log_entry"][]
      }
      staff_team_member: {
        email: string | null
        role: Database["public"]["Enums"]["member_role"]
        joined_at: string
      }
      unlisted_animal: {
        status: Database["public"]["Enums"]["animal_status"]
        type: Database["public"]["Enums"]["animal_type"]
        place: Database["public"]["CompositeTypes"]["shelter_place"]
        animal: Database["public"]["CompositeTypes"]["adopted_animal"] | null
      }
    }
  }
}

type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Insert: infer I
      }
      ? I
      : never
    : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
        Update: infer U
      }
      ? U
      : never
    : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never,
> = DefaultSchemaEnumNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
    ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
    : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never,
> = PublicCompositeTypeNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
    ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
    : never

export const Constants = {
  public: {
    Enums: {
      animal_age_group: ["young", "adult", "senior"],
      animal_coat: ["hairless", "short", "medium", "long", "wire", "curly"],
      animal_sex: ["male", "female", "unknown"],
      animal_size: ["small", "medium", "large", "xlarge"],
      animal_status: ["available", "pending", "adopted", "archived"],
      animal_type: [
        "dog",
        "cat",
        "rabbit",
        "bird",
        "small-animal",
        "reptile",
        "horse",
        "barnyard",
        "other",
      ],
      application_question_kind: [
        "short_text",
        "long_text",
        "yes_no",
        "one_of",
        "several_of",
      ],
      application_stage: ["pending", "approved", "rejected"],
      application_status: [
        "submitted",
        "in_review",
        "on_hold",
        "approved",
        "adopted",
        "rejected",
        "withdrawn",
        "closed",
      ],
      good_with_answer: ["unknown", "yes", "no"],
      member_role: ["owner", "admin", "staff", "volunteer"],
      shelter_type: ["animal_shelter", "rescue_organization", "foster_network"],
    },
  },
} as const
