-- SQL functions over the IDs of dev.ids, for PostgreSQL 14 and later: an ID's time and fields, and the smallest and
-- largest ID of an instant for index range scans and partition bounds. Rerunnable: every statement is CREATE OR
-- REPLACE. Run it with psql or from Liquibase; the file's name is Flyway's repeatable migration's, so its folder
-- META-INF/ids/sql/postgresql is a Flyway location (docs/SQL.md). Malformed input raises SQLSTATE 22P02 (text) or
-- 22023 (bytes, values, instants out of range), naming the input.
--
-- Column forms: TraceId and Lable as bigint; sno as bytea; GID and muid as uuid (or bytea). Text columns: convert
-- with ids_<scheme>_from_text, and back with ids_<scheme>_to_text.

-- Shared: instants to whole units since the Unix epoch (floor), and back.
CREATE OR REPLACE FUNCTION ids_epoch_units(t timestamptz, per_second bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN floor(extract(epoch FROM t) * per_second)::bigint;

CREATE OR REPLACE FUNCTION ids_epoch_time(micros bigint) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN to_timestamp(div(micros, 1000000)) + mod(micros, 1000000) * interval '1 microsecond';

CREATE OR REPLACE FUNCTION ids_fail(scheme text, input text, problem text, code text) RETURNS void
    LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE SET search_path FROM CURRENT AS $$
BEGIN
    RAISE EXCEPTION 'Invalid % %: %', scheme, coalesce(input, 'null'), problem USING ERRCODE = code;
END $$;

CREATE OR REPLACE FUNCTION ids_bytes_bigint(b bytea, first int, count int) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ('x' || lpad(encode(substring(b FROM first FOR count), 'hex'), 16, '0'))::bit(64)::bigint;

-- elfo TraceId: bigint, timestamp (Unix seconds mod 2^25) << 38 | node << 22 | chunk << 10 | counter.
CREATE OR REPLACE FUNCTION ids_traceid_check(id bigint) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
BEGIN
    IF id <= 0 THEN
        PERFORM ids_fail('TraceId', id::text, 'must be from 1 to 2^63-1', '22023');
    ELSIF id & 1023 = 0 THEN
        PERFORM ids_fail('TraceId', id::text, 'its counter (bits 9..0) is 0', '22023');
    END IF;
    RETURN id;
END $$;

CREATE OR REPLACE FUNCTION ids_traceid_seconds(id bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (ids_traceid_check(id) >> 38)::integer;

CREATE OR REPLACE FUNCTION ids_traceid_node(id bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ((ids_traceid_check(id) >> 22) & 65535)::integer;

CREATE OR REPLACE FUNCTION ids_traceid_chunk(id bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ((ids_traceid_check(id) >> 10) & 4095)::integer;

CREATE OR REPLACE FUNCTION ids_traceid_counter(id bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (ids_traceid_check(id) & 1023)::integer;

-- The latest whole second at or before the reference whose Unix seconds end in the ID's 25 bits.
CREATE OR REPLACE FUNCTION ids_traceid_time(id bigint, reference timestamptz DEFAULT now()) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN to_timestamp(floor(extract(epoch FROM reference))
            - mod(mod(floor(extract(epoch FROM reference))::bigint - ids_traceid_seconds(id), 33554432) + 33554432,
                  33554432));

CREATE OR REPLACE FUNCTION ids_min_traceid(t timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (mod(mod(ids_epoch_units(t, 1), 33554432) + 33554432, 33554432) << 38) | 1;

CREATE OR REPLACE FUNCTION ids_max_traceid(t timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (mod(mod(ids_epoch_units(t, 1), 33554432) + 33554432, 33554432) << 38) | 274877906943;

-- Reads the canonical decimal or the 19-digit zero-padded column text.
CREATE OR REPLACE FUNCTION ids_traceid_from_text(input text) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
BEGIN
    IF input !~ '^[0-9]{1,19}$' THEN
        PERFORM ids_fail('TraceId', quote_literal(input), 'must be 1 to 19 decimal digits', '22P02');
    ELSIF length(input) < 19 AND left(input, 1) = '0' THEN
        PERFORM ids_fail('TraceId', quote_literal(input), 'leading zeros are allowed only in the 19-digit form', '22P02');
    ELSIF input::numeric > 9223372036854775807 THEN
        PERFORM ids_fail('TraceId', quote_literal(input), 'must be below 2^63', '22P02');
    END IF;
    RETURN ids_traceid_check(input::bigint);
END $$;

CREATE OR REPLACE FUNCTION ids_traceid_to_text(id bigint) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN lpad(ids_traceid_check(id)::text, 19, '0');

-- Lable eight-byte ID: bigint; bytes 6..7 are ...M..GG GGGGCCCC (mode, generator, cluster).
CREATE OR REPLACE FUNCTION ids_lable_check(id bigint) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
BEGIN
    IF id & 60416 <> 0 THEN
        PERFORM ids_fail('Lable ID', lpad(to_hex(id), 16, '0'),
                'reserved bits of byte 6 are set (or a generator id above 63)', '22023');
    END IF;
    RETURN id;
END $$;

CREATE OR REPLACE FUNCTION ids_lable_millis(id bigint) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN ids_lable_check(id) & 4096 <> 0 THEN (id >> 22) & 4398046511103
        ELSE reverse((id & -4194304)::bit(64)::text)::bit(64)::bigint END;

CREATE OR REPLACE FUNCTION ids_lable_time(id bigint) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_epoch_time(ids_lable_millis(id) * 1000);

CREATE OR REPLACE FUNCTION ids_lable_sequence(id bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ((ids_lable_check(id) >> 16) & 63)::integer;

CREATE OR REPLACE FUNCTION ids_lable_generator(id bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ((ids_lable_check(id) >> 4) & 63)::integer;

CREATE OR REPLACE FUNCTION ids_lable_cluster(id bigint) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (ids_lable_check(id) & 15)::integer;

CREATE OR REPLACE FUNCTION ids_lable_mode(id bigint) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE WHEN ids_lable_check(id) & 4096 <> 0 THEN 'TIME_SEQUENTIAL' ELSE 'SPREAD' END;

CREATE OR REPLACE FUNCTION ids_lable_range_millis(t timestamptz) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
    millis bigint := ids_epoch_units(t, 1000);
BEGIN
    IF millis < 0 OR millis > 4398046511103 THEN
        PERFORM ids_fail('instant for a Lable ID', t::text, 'must lie from 1970 to 2^42-1 ms after it', '22023');
    END IF;
    RETURN millis;
END $$;

-- TIME_SEQUENTIAL IDs only: SPREAD IDs have no time order.
CREATE OR REPLACE FUNCTION ids_min_lable(t timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (ids_lable_range_millis(t) << 22) | 4096;

CREATE OR REPLACE FUNCTION ids_max_lable(t timestamptz) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN (ids_lable_range_millis(t) << 22) | 4133887;

CREATE OR REPLACE FUNCTION ids_lable_from_text(input text) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
BEGIN
    IF input !~ '^[0-9a-f]{16}$' THEN
        PERFORM ids_fail('Lable ID', quote_literal(input), 'must be 16 lower-case hex digits', '22P02');
    END IF;
    RETURN ids_lable_check(('x' || input)::bit(64)::bigint);
END $$;

CREATE OR REPLACE FUNCTION ids_lable_to_text(id bigint) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN lpad(to_hex(ids_lable_check(id)), 16, '0');

-- sno: 10 bytes, units of 4 ms since 2010 << 1 | tick-tock (5), metabyte (1), partition (2), sequence (2).
CREATE OR REPLACE FUNCTION ids_sno_check(id bytea) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
BEGIN
    IF length(id) <> 10 THEN
        PERFORM ids_fail('sno', encode(id, 'hex'), 'must be 10 bytes, got ' || length(id), '22023');
    END IF;
    RETURN id;
END $$;

CREATE OR REPLACE FUNCTION ids_sno_time(id bytea) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_epoch_time((1262304000000 + (ids_bytes_bigint(ids_sno_check(id), 1, 5) >> 1) * 4) * 1000);

CREATE OR REPLACE FUNCTION ids_sno_tick_tock(id bytea) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN get_byte(ids_sno_check(id), 4) & 1;

CREATE OR REPLACE FUNCTION ids_sno_metabyte(id bytea) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN get_byte(ids_sno_check(id), 5);

CREATE OR REPLACE FUNCTION ids_sno_partition(id bytea) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_bytes_bigint(ids_sno_check(id), 7, 2)::integer;

CREATE OR REPLACE FUNCTION ids_sno_sequence(id bytea) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_bytes_bigint(ids_sno_check(id), 9, 2)::integer;

CREATE OR REPLACE FUNCTION ids_sno_units(t timestamptz) RETURNS bigint
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
    millis bigint := ids_epoch_units(t, 1000) - 1262304000000;
BEGIN
    IF millis < 0 OR millis > 2199023255551 THEN
        PERFORM ids_fail('instant for a sno', t::text,
                'must lie from 2010-01-01T00:00:00Z to 2079-09-07T15:47:35.551Z', '22023');
    END IF;
    RETURN millis / 4;
END $$;

-- Both tick-tock values of the 4 ms unit of t: IDs issued after a clock regression carry the other bit.
CREATE OR REPLACE FUNCTION ids_min_sno(t timestamptz) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN decode(lpad(to_hex(ids_sno_units(t) << 1), 10, '0') || '0000000000', 'hex');

CREATE OR REPLACE FUNCTION ids_max_sno(t timestamptz) RETURNS bytea
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN decode(lpad(to_hex(ids_sno_units(t) << 1 | 1), 10, '0') || 'ffffffffff', 'hex');

CREATE OR REPLACE FUNCTION ids_sno_from_text(input text) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
    alphabet constant text := '23456789abcdefghijklmnopqrstuvwx';
    digit int;
    high bigint := 0;
    low bigint := 0;
BEGIN
    IF length(input) <> 16 THEN
        PERFORM ids_fail('sno', quote_literal(input), 'must be 16 characters, got ' || length(input), '22P02');
    END IF;
    FOR i IN 1..16 LOOP
        digit := strpos(alphabet, substr(input, i, 1)) - 1;
        IF digit < 0 THEN
            PERFORM ids_fail('sno', quote_literal(input), 'character ' || quote_literal(substr(input, i, 1))
                    || ' at index ' || (i - 1) || ' is not one of ' || alphabet, '22P02');
        END IF;
        IF i <= 8 THEN
            high := high << 5 | digit;
        ELSE
            low := low << 5 | digit;
        END IF;
    END LOOP;
    RETURN decode(lpad(to_hex(high), 10, '0') || lpad(to_hex(low), 10, '0'), 'hex');
END $$;

CREATE OR REPLACE FUNCTION ids_sno_to_text(id bytea) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
    alphabet constant text := '23456789abcdefghijklmnopqrstuvwx';
    high bigint := ids_bytes_bigint(ids_sno_check(id), 1, 5);
    low bigint := ids_bytes_bigint(id, 6, 5);
    result text := '';
BEGIN
    FOR i IN REVERSE 7..0 LOOP
        result := result || substr(alphabet, ((high >> (5 * i)) & 31)::int + 1, 1);
    END LOOP;
    FOR i IN REVERSE 7..0 LOOP
        result := result || substr(alphabet, ((low >> (5 * i)) & 31)::int + 1, 1);
    END LOOP;
    RETURN result;
END $$;

-- Graft GID: 16 bytes, prefix (1), Unix milliseconds (6), byte 7 with its top bit set, 8 random bytes.
CREATE OR REPLACE FUNCTION ids_gid_check(id bytea) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
BEGIN
    IF length(id) <> 16 THEN
        PERFORM ids_fail('GID', encode(id, 'hex'), 'must be 16 bytes, got ' || length(id), '22023');
    ELSIF get_byte(id, 0) NOT IN (128, 160, 192) THEN
        PERFORM ids_fail('GID', encode(id, 'hex'), 'prefix 0x' || lpad(to_hex(get_byte(id, 0)), 2, '0')
                || ' is not 0x80 (Volume), 0xa0 (Log) or 0xc0 (Segment)', '22023');
    ELSIF get_byte(id, 7) < 128 THEN
        PERFORM ids_fail('GID', encode(id, 'hex'), 'the top bit of byte 7 is not set', '22023');
    END IF;
    RETURN id;
END $$;

CREATE OR REPLACE FUNCTION ids_gid_time(id bytea) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_epoch_time(ids_bytes_bigint(ids_gid_check(id), 2, 6) * 1000);

CREATE OR REPLACE FUNCTION ids_gid_time(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_gid_time(uuid_send(id));

CREATE OR REPLACE FUNCTION ids_gid_type(id bytea) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN CASE get_byte(ids_gid_check(id), 0) WHEN 128 THEN 'Volume' WHEN 160 THEN 'Log' ELSE 'Segment' END;

CREATE OR REPLACE FUNCTION ids_gid_type(id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_gid_type(uuid_send(id));

CREATE OR REPLACE FUNCTION ids_gid_random(id bytea) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN encode(substring(ids_gid_check(id) FROM 8 FOR 9), 'hex');

CREATE OR REPLACE FUNCTION ids_gid_random(id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_gid_random(uuid_send(id));

CREATE OR REPLACE FUNCTION ids_gid_bound(gid_type text, t timestamptz, tail text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
    millis bigint := ids_epoch_units(t, 1000);
    prefix text := CASE gid_type WHEN 'Volume' THEN '80' WHEN 'Log' THEN 'a0' WHEN 'Segment' THEN 'c0' END;
BEGIN
    IF prefix IS NULL THEN
        PERFORM ids_fail('GID type', quote_literal(gid_type), 'must be Volume, Log or Segment', '22023');
    ELSIF millis < 0 OR millis > 281474976710655 THEN
        PERFORM ids_fail('instant for a GID', t::text, 'must lie from 1970 to 2^48-1 ms after it', '22023');
    END IF;
    RETURN (prefix || lpad(to_hex(millis), 12, '0') || tail)::uuid;
END $$;

CREATE OR REPLACE FUNCTION ids_min_gid(gid_type text, t timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_gid_bound(gid_type, t, '800000000000000000');

CREATE OR REPLACE FUNCTION ids_max_gid(gid_type text, t timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_gid_bound(gid_type, t, 'ffffffffffffffffff');

CREATE OR REPLACE FUNCTION ids_base58_decode(input text, first int, count int) RETURNS numeric
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
    alphabet constant text := '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    digit int;
    result numeric := 0;
BEGIN
    FOR i IN first..first + count - 1 LOOP
        digit := strpos(alphabet, substr(input, i, 1)) - 1;
        IF digit < 0 THEN
            PERFORM ids_fail('GID', quote_literal(input), 'character ' || quote_literal(substr(input, i, 1))
                    || ' at index ' || (i - 1) || ' is not a base58 digit', '22P02');
        END IF;
        result := result * 58 + digit;
    END LOOP;
    RETURN result;
END $$;

CREATE OR REPLACE FUNCTION ids_base58_encode(value numeric, digits int) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
    alphabet constant text := '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    rest numeric := value;
    result text := '';
BEGIN
    FOR i IN 1..digits LOOP
        result := substr(alphabet, mod(rest, 58)::int + 1, 1) || result;
        rest := div(rest, 58);
    END LOOP;
    RETURN result;
END $$;

CREATE OR REPLACE FUNCTION ids_numeric_hex(value numeric, bytes int) RETURNS text
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
    rest numeric := value;
    result text := '';
BEGIN
    FOR i IN 1..bytes LOOP
        result := lpad(to_hex(mod(rest, 256)::int), 2, '0') || result;
        rest := div(rest, 256);
    END LOOP;
    RETURN result;
END $$;

CREATE OR REPLACE FUNCTION ids_gid_from_text(input text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
    head numeric;
    tail numeric;
    bytes bytea;
BEGIN
    IF length(input) <> 24 THEN
        PERFORM ids_fail('GID', quote_literal(input), 'must be 24 characters, got ' || length(input), '22P02');
    ELSIF substr(input, 11, 1) <> '-' THEN
        PERFORM ids_fail('GID', quote_literal(input), 'must have ''-'' at index 10', '22P02');
    END IF;
    head := ids_base58_decode(input, 1, 10);
    tail := ids_base58_decode(input, 12, 13);
    IF head >= 72057594037927936 THEN
        PERFORM ids_fail('GID', quote_literal(input), 'the part before ''-'' is larger than 7 bytes', '22P02');
    ELSIF tail >= 4722366482869645213696 THEN
        PERFORM ids_fail('GID', quote_literal(input), 'the part after ''-'' is larger than 9 bytes', '22P02');
    END IF;
    bytes := decode(ids_numeric_hex(head, 7) || ids_numeric_hex(tail, 9), 'hex');
    IF get_byte(bytes, 0) NOT IN (128, 160, 192) THEN
        PERFORM ids_fail('GID', quote_literal(input), 'prefix 0x' || lpad(to_hex(get_byte(bytes, 0)), 2, '0')
                || ' is not 0x80 (Volume), 0xa0 (Log) or 0xc0 (Segment)', '22P02');
    ELSIF get_byte(bytes, 7) < 128 THEN
        PERFORM ids_fail('GID', quote_literal(input), 'the part after ''-'' is below 2^71 (byte 7 without its top bit)',
                '22P02');
    END IF;
    RETURN encode(bytes, 'hex')::uuid;
END $$;

CREATE OR REPLACE FUNCTION ids_gid_to_text(id bytea) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_base58_encode(('x' || encode(substring(ids_gid_check(id) FROM 1 FOR 7), 'hex'))::bit(56)::bigint, 10)
        || '-' || ids_base58_encode(get_byte(id, 7) * 18446744073709551616::numeric
            + ('x' || encode(substring(id FROM 9 FOR 8), 'hex'))::bit(64)::bigint
            + CASE WHEN get_byte(id, 8) >= 128 THEN 18446744073709551616 ELSE 0 END, 13);

CREATE OR REPLACE FUNCTION ids_gid_to_text(id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_gid_to_text(uuid_send(id));

-- Gink muid: 16 bytes, timestamp in µs (52 bits) | medallion (44 bits) | offset (32 bits, signed); all-ones = -1.
CREATE OR REPLACE FUNCTION ids_muid_check(id bytea) RETURNS bytea
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
BEGIN
    IF length(id) <> 16 THEN
        PERFORM ids_fail('muid', encode(id, 'hex'), 'must be 16 bytes, got ' || length(id), '22023');
    END IF;
    RETURN id;
END $$;

CREATE OR REPLACE FUNCTION ids_muid_micros(id bytea) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN nullif(ids_bytes_bigint(ids_muid_check(id), 1, 7) >> 4, 4503599627370495);

CREATE OR REPLACE FUNCTION ids_muid_time(id bytea) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_epoch_time(coalesce(ids_muid_micros(id), -1));

CREATE OR REPLACE FUNCTION ids_muid_time(id uuid) RETURNS timestamptz
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_muid_time(uuid_send(id));

CREATE OR REPLACE FUNCTION ids_muid_medallion(id bytea) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN coalesce(nullif(ids_bytes_bigint(ids_muid_check(id), 7, 6) & 17592186044415, 17592186044415), -1);

CREATE OR REPLACE FUNCTION ids_muid_medallion(id uuid) RETURNS bigint
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_muid_medallion(uuid_send(id));

CREATE OR REPLACE FUNCTION ids_muid_offset(id bytea) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ('x' || encode(substring(ids_muid_check(id) FROM 13 FOR 4), 'hex'))::bit(32)::integer;

CREATE OR REPLACE FUNCTION ids_muid_offset(id uuid) RETURNS integer
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_muid_offset(uuid_send(id));

CREATE OR REPLACE FUNCTION ids_muid_bound(t timestamptz, tail text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
DECLARE
    micros bigint := ids_epoch_units(t, 1000000);
BEGIN
    IF micros < 0 OR micros > 4503599627370494 THEN
        PERFORM ids_fail('instant for a muid', t::text, 'must lie from 1970 to 2^52-2 µs after it', '22023');
    END IF;
    RETURN (lpad(to_hex(micros), 13, '0') || tail)::uuid;
END $$;

CREATE OR REPLACE FUNCTION ids_min_muid(t timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_muid_bound(t, '0000000000000000000');

CREATE OR REPLACE FUNCTION ids_max_muid(t timestamptz) RETURNS uuid
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_muid_bound(t, 'fffffffffffffffffff');

-- The canonical TTTTTTTTTTTTT-MMMMMMMMMMM-OOOOOOOO, or its short forms without offset, or without both.
CREATE OR REPLACE FUNCTION ids_muid_from_text(input text) RETURNS uuid
    LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE SET search_path FROM CURRENT AS $$
BEGIN
    IF input !~ '^[0-9A-F]{13}(-[0-9A-F]{11}(-[0-9A-F]{8})?)?$' THEN
        PERFORM ids_fail('muid', quote_literal(input), 'expected TTTTTTTTTTTTT-MMMMMMMMMMM-OOOOOOOO (13, 11 and 8 '
                || 'upper-case hex digits), or its first one or two parts', '22P02');
    END IF;
    RETURN rpad(replace(input, '-', ''), 32, '0')::uuid;
END $$;

CREATE OR REPLACE FUNCTION ids_muid_to_text(id bytea) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN upper(substr(encode(ids_muid_check(id), 'hex'), 1, 13) || '-' || substr(encode(id, 'hex'), 14, 11)
        || '-' || substr(encode(id, 'hex'), 25, 8));

CREATE OR REPLACE FUNCTION ids_muid_to_text(id uuid) RETURNS text
    LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
    RETURN ids_muid_to_text(uuid_send(id));
