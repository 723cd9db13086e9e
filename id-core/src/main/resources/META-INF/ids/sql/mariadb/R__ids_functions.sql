-- SQL functions over the IDs of dev.ids, for MariaDB 10.6 and later: an ID's time and fields, and the smallest and
-- largest ID of an instant for index range scans. Rerunnable: every statement is CREATE OR REPLACE. Statements end with
-- $$ (DELIMITER, as mysqldump writes routines), which the mariadb client and Flyway read; the file's name is Flyway's
-- repeatable migration's, so its folder META-INF/ids/sql/mariadb is a Flyway location. Liquibase does not read
-- DELIMITER: give it META-INF/ids/sql/liquibase/ids-functions-mariadb.sql, which the build makes from this file by
-- dropping the two DELIMITER lines (docs/SQL.md). A space comes before each $$, without which Liquibase's splitter
-- takes END$$ for one word.
-- Malformed input raises SQLSTATE 22P02 (text) or 22023 (bytes, values, instants out of range), naming the input.
--
-- Instants are DATETIME(6) in UTC, whatever the session's time zone. Column forms: TraceId and Lable as BIGINT; sno
-- as BINARY(10); GID and muid as BINARY(16). Text columns: convert with ids_<scheme>_from_text and ids_<scheme>_to_text.

DELIMITER $$

-- Shared: an instant in whole units since the Unix epoch (floor), and microseconds back to an instant.
CREATE OR REPLACE FUNCTION ids_epoch_units(t DATETIME(6), per_second BIGINT) RETURNS BIGINT
    DETERMINISTIC NO SQL
BEGIN
    DECLARE micros BIGINT DEFAULT TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00', t);
    DECLARE divisor BIGINT DEFAULT 1000000 DIV per_second;
    RETURN (micros - MOD(MOD(micros, divisor) + divisor, divisor)) DIV divisor;
END $$

CREATE OR REPLACE FUNCTION ids_epoch_time(micros BIGINT) RETURNS DATETIME(6)
    DETERMINISTIC NO SQL
    RETURN TIMESTAMPADD(MICROSECOND, micros, TIMESTAMP'1970-01-01 00:00:00.000000') $$

CREATE OR REPLACE FUNCTION ids_bytes_bigint(b VARBINARY(255), first INT, count INT) RETURNS BIGINT UNSIGNED
    DETERMINISTIC NO SQL
    RETURN CAST(CONV(HEX(SUBSTRING(b, first, count)), 16, 10) AS UNSIGNED) $$

CREATE OR REPLACE FUNCTION ids_quote(input TEXT) RETURNS TEXT
    DETERMINISTIC NO SQL
    RETURN IF(input IS NULL, 'null', CONCAT('''', IF(CHAR_LENGTH(input) > 40, CONCAT(LEFT(input, 40), '...'), input),
            '''')) $$

-- elfo TraceId: BIGINT, timestamp (Unix seconds mod 2^25) << 38 | node << 22 | chunk << 10 | counter.
CREATE OR REPLACE FUNCTION ids_traceid_check(id BIGINT) RETURNS BIGINT
    DETERMINISTIC NO SQL
BEGIN
    DECLARE problem TEXT DEFAULT CASE WHEN id <= 0 THEN 'must be from 1 to 2^63-1'
        WHEN id & 1023 = 0 THEN 'its counter (bits 9..0) is 0' END;
    IF problem IS NOT NULL THEN
        SET problem = CONCAT('Invalid TraceId ', id, ': ', problem);
        SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN id;
END $$

CREATE OR REPLACE FUNCTION ids_traceid_seconds(id BIGINT) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN ids_traceid_check(id) >> 38 $$

CREATE OR REPLACE FUNCTION ids_traceid_node(id BIGINT) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN (ids_traceid_check(id) >> 22) & 65535 $$

CREATE OR REPLACE FUNCTION ids_traceid_chunk(id BIGINT) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN (ids_traceid_check(id) >> 10) & 4095 $$

CREATE OR REPLACE FUNCTION ids_traceid_counter(id BIGINT) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN ids_traceid_check(id) & 1023 $$

-- The latest whole second at or before the reference whose Unix seconds end in the ID's 25 bits.
CREATE OR REPLACE FUNCTION ids_traceid_time(id BIGINT, reference DATETIME(6)) RETURNS DATETIME(6)
    DETERMINISTIC NO SQL
    RETURN ids_epoch_time((ids_epoch_units(reference, 1)
            - MOD(MOD(ids_epoch_units(reference, 1) - ids_traceid_seconds(id), 33554432) + 33554432, 33554432))
            * 1000000) $$

CREATE OR REPLACE FUNCTION ids_min_traceid(t DATETIME(6)) RETURNS BIGINT
    DETERMINISTIC NO SQL
    RETURN (MOD(MOD(ids_epoch_units(t, 1), 33554432) + 33554432, 33554432) << 38) | 1 $$

CREATE OR REPLACE FUNCTION ids_max_traceid(t DATETIME(6)) RETURNS BIGINT
    DETERMINISTIC NO SQL
    RETURN (MOD(MOD(ids_epoch_units(t, 1), 33554432) + 33554432, 33554432) << 38) | 274877906943 $$

-- Reads the canonical decimal or the 19-digit zero-padded column text.
CREATE OR REPLACE FUNCTION ids_traceid_from_text(input VARCHAR(255)) RETURNS BIGINT
    DETERMINISTIC NO SQL
BEGIN
    DECLARE problem TEXT DEFAULT CASE
        WHEN NOT CAST(input AS BINARY) REGEXP '^[0-9]{1,19}$' THEN 'must be 1 to 19 decimal digits'
        WHEN CHAR_LENGTH(input) < 19 AND LEFT(input, 1) = '0' THEN 'leading zeros are allowed only in the 19-digit form'
        WHEN CAST(input AS DECIMAL(20, 0)) > 9223372036854775807 THEN 'must be below 2^63' END;
    IF problem IS NOT NULL THEN
        SET problem = CONCAT('Invalid TraceId ', ids_quote(input), ': ', problem);
        SIGNAL SQLSTATE '22P02' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN ids_traceid_check(CAST(input AS SIGNED));
END $$

CREATE OR REPLACE FUNCTION ids_traceid_to_text(id BIGINT) RETURNS CHAR(19) CHARACTER SET ascii
    DETERMINISTIC NO SQL
    RETURN LPAD(ids_traceid_check(id), 19, '0') $$

-- Lable eight-byte ID: BIGINT; bytes 6..7 are ...M..GG GGGGCCCC (mode, generator, cluster).
CREATE OR REPLACE FUNCTION ids_lable_check(id BIGINT) RETURNS BIGINT
    DETERMINISTIC NO SQL
BEGIN
    DECLARE problem TEXT;
    IF id & 60416 <> 0 THEN
        SET problem = CONCAT('Invalid Lable ID ', LOWER(LPAD(HEX(id), 16, '0')),
                ': reserved bits of byte 6 are set (or a generator id above 63)');
        SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN id;
END $$

CREATE OR REPLACE FUNCTION ids_lable_millis(id BIGINT) RETURNS BIGINT
    DETERMINISTIC NO SQL
    RETURN IF(ids_lable_check(id) & 4096 <> 0, (id >> 22) & 4398046511103,
            CAST(CONV(REVERSE(LPAD(BIN(id & ~4194303), 64, '0')), 2, 10) AS UNSIGNED)) $$

CREATE OR REPLACE FUNCTION ids_lable_time(id BIGINT) RETURNS DATETIME(6)
    DETERMINISTIC NO SQL
    RETURN ids_epoch_time(ids_lable_millis(id) * 1000) $$

CREATE OR REPLACE FUNCTION ids_lable_sequence(id BIGINT) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN (ids_lable_check(id) >> 16) & 63 $$

CREATE OR REPLACE FUNCTION ids_lable_generator(id BIGINT) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN (ids_lable_check(id) >> 4) & 63 $$

CREATE OR REPLACE FUNCTION ids_lable_cluster(id BIGINT) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN ids_lable_check(id) & 15 $$

CREATE OR REPLACE FUNCTION ids_lable_mode(id BIGINT) RETURNS VARCHAR(15) CHARACTER SET ascii
    DETERMINISTIC NO SQL
    RETURN IF(ids_lable_check(id) & 4096 <> 0, 'TIME_SEQUENTIAL', 'SPREAD') $$

CREATE OR REPLACE FUNCTION ids_lable_range_millis(t DATETIME(6)) RETURNS BIGINT
    DETERMINISTIC NO SQL
BEGIN
    DECLARE millis BIGINT DEFAULT ids_epoch_units(t, 1000);
    DECLARE problem TEXT;
    IF millis < 0 OR millis > 4398046511103 THEN
        SET problem = CONCAT('Invalid instant for a Lable ID ', t, ': must lie from 1970 to 2^42-1 ms after it');
        SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN millis;
END $$

-- TIME_SEQUENTIAL IDs only: SPREAD IDs have no time order.
CREATE OR REPLACE FUNCTION ids_min_lable(t DATETIME(6)) RETURNS BIGINT
    DETERMINISTIC NO SQL
    RETURN CAST((ids_lable_range_millis(t) << 22) | 4096 AS SIGNED) $$

CREATE OR REPLACE FUNCTION ids_max_lable(t DATETIME(6)) RETURNS BIGINT
    DETERMINISTIC NO SQL
    RETURN CAST((ids_lable_range_millis(t) << 22) | 4133887 AS SIGNED) $$

CREATE OR REPLACE FUNCTION ids_lable_from_text(input VARCHAR(255)) RETURNS BIGINT
    DETERMINISTIC NO SQL
BEGIN
    DECLARE problem TEXT;
    IF NOT CAST(input AS BINARY) REGEXP '^[0-9a-f]{16}$' THEN
        SET problem = CONCAT('Invalid Lable ID ', ids_quote(input), ': must be 16 lower-case hex digits');
        SIGNAL SQLSTATE '22P02' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN ids_lable_check(CAST(CAST(CONV(input, 16, 10) AS UNSIGNED) AS SIGNED));
END $$

CREATE OR REPLACE FUNCTION ids_lable_to_text(id BIGINT) RETURNS CHAR(16) CHARACTER SET ascii
    DETERMINISTIC NO SQL
    RETURN LOWER(LPAD(HEX(ids_lable_check(id)), 16, '0')) $$

-- sno: 10 bytes, units of 4 ms since 2010 << 1 | tick-tock (5), metabyte (1), partition (2), sequence (2).
CREATE OR REPLACE FUNCTION ids_sno_check(id VARBINARY(255)) RETURNS BINARY(10)
    DETERMINISTIC NO SQL
BEGIN
    DECLARE problem TEXT;
    IF LENGTH(id) <> 10 THEN
        SET problem = CONCAT('Invalid sno ', LOWER(HEX(id)), ': must be 10 bytes, got ', LENGTH(id));
        SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN id;
END $$

CREATE OR REPLACE FUNCTION ids_sno_time(id VARBINARY(255)) RETURNS DATETIME(6)
    DETERMINISTIC NO SQL
    RETURN ids_epoch_time((1262304000000 + (ids_bytes_bigint(ids_sno_check(id), 1, 5) >> 1) * 4) * 1000) $$

CREATE OR REPLACE FUNCTION ids_sno_tick_tock(id VARBINARY(255)) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN ASCII(SUBSTRING(ids_sno_check(id), 5, 1)) & 1 $$

CREATE OR REPLACE FUNCTION ids_sno_metabyte(id VARBINARY(255)) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN ASCII(SUBSTRING(ids_sno_check(id), 6, 1)) $$

CREATE OR REPLACE FUNCTION ids_sno_partition(id VARBINARY(255)) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN ids_bytes_bigint(ids_sno_check(id), 7, 2) $$

CREATE OR REPLACE FUNCTION ids_sno_sequence(id VARBINARY(255)) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN ids_bytes_bigint(ids_sno_check(id), 9, 2) $$

CREATE OR REPLACE FUNCTION ids_sno_units(t DATETIME(6)) RETURNS BIGINT
    DETERMINISTIC NO SQL
BEGIN
    DECLARE millis BIGINT DEFAULT ids_epoch_units(t, 1000) - 1262304000000;
    DECLARE problem TEXT;
    IF millis < 0 OR millis > 2199023255551 THEN
        SET problem = CONCAT('Invalid instant for a sno ', t,
                ': must lie from 2010-01-01 00:00:00 to 2079-09-07 15:47:35.551 UTC');
        SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN millis DIV 4;
END $$

-- Both tick-tock values of the 4 ms unit of t: IDs issued after a clock regression carry the other bit.
CREATE OR REPLACE FUNCTION ids_min_sno(t DATETIME(6)) RETURNS BINARY(10)
    DETERMINISTIC NO SQL
    RETURN UNHEX(CONCAT(LPAD(HEX(ids_sno_units(t) << 1), 10, '0'), '0000000000')) $$

CREATE OR REPLACE FUNCTION ids_max_sno(t DATETIME(6)) RETURNS BINARY(10)
    DETERMINISTIC NO SQL
    RETURN UNHEX(CONCAT(LPAD(HEX(ids_sno_units(t) << 1 | 1), 10, '0'), 'FFFFFFFFFF')) $$

CREATE OR REPLACE FUNCTION ids_sno_from_text(input VARCHAR(255)) RETURNS BINARY(10)
    DETERMINISTIC NO SQL
BEGIN
    DECLARE alphabet VARBINARY(32) DEFAULT '23456789abcdefghijklmnopqrstuvwx';
    DECLARE i INT DEFAULT 1;
    DECLARE digit INT;
    DECLARE high BIGINT UNSIGNED DEFAULT 0;
    DECLARE low BIGINT UNSIGNED DEFAULT 0;
    DECLARE problem TEXT;
    IF CHAR_LENGTH(input) <> 16 THEN
        SET problem = CONCAT('Invalid sno ', ids_quote(input), ': must be 16 characters, got ', CHAR_LENGTH(input));
        SIGNAL SQLSTATE '22P02' SET MESSAGE_TEXT = problem;
    END IF;
    WHILE i <= 16 DO
        SET digit = INSTR(alphabet, CAST(SUBSTRING(input, i, 1) AS BINARY)) - 1;
        IF digit < 0 THEN
            SET problem = CONCAT('Invalid sno ', ids_quote(input), ': character ''', SUBSTRING(input, i, 1),
                    ''' at index ', i - 1, ' is not one of ', alphabet);
            SIGNAL SQLSTATE '22P02' SET MESSAGE_TEXT = problem;
        END IF;
        IF i <= 8 THEN
            SET high = high << 5 | digit;
        ELSE
            SET low = low << 5 | digit;
        END IF;
        SET i = i + 1;
    END WHILE;
    RETURN UNHEX(CONCAT(LPAD(HEX(high), 10, '0'), LPAD(HEX(low), 10, '0')));
END $$

CREATE OR REPLACE FUNCTION ids_sno_to_text(id VARBINARY(255)) RETURNS CHAR(16) CHARACTER SET ascii
    DETERMINISTIC NO SQL
BEGIN
    DECLARE alphabet CHAR(32) CHARACTER SET ascii DEFAULT '23456789abcdefghijklmnopqrstuvwx';
    DECLARE high BIGINT UNSIGNED DEFAULT ids_bytes_bigint(ids_sno_check(id), 1, 5);
    DECLARE low BIGINT UNSIGNED DEFAULT ids_bytes_bigint(id, 6, 5);
    DECLARE result VARCHAR(16) CHARACTER SET ascii DEFAULT '';
    DECLARE i INT DEFAULT 7;
    WHILE i >= 0 DO
        SET result = CONCAT(result, SUBSTRING(alphabet, ((high >> (5 * i)) & 31) + 1, 1));
        SET i = i - 1;
    END WHILE;
    SET i = 7;
    WHILE i >= 0 DO
        SET result = CONCAT(result, SUBSTRING(alphabet, ((low >> (5 * i)) & 31) + 1, 1));
        SET i = i - 1;
    END WHILE;
    RETURN result;
END $$

-- Graft GID: 16 bytes, prefix (1), Unix milliseconds (6), byte 7 with its top bit set, 8 random bytes.
CREATE OR REPLACE FUNCTION ids_gid_check(id VARBINARY(255)) RETURNS BINARY(16)
    DETERMINISTIC NO SQL
BEGIN
    DECLARE problem TEXT DEFAULT CASE
        WHEN LENGTH(id) <> 16 THEN CONCAT('must be 16 bytes, got ', LENGTH(id))
        WHEN ASCII(id) NOT IN (128, 160, 192) THEN CONCAT('prefix 0x', LOWER(HEX(LEFT(id, 1))),
            ' is not 0x80 (Volume), 0xa0 (Log) or 0xc0 (Segment)')
        WHEN ASCII(SUBSTRING(id, 8, 1)) < 128 THEN 'the top bit of byte 7 is not set' END;
    IF problem IS NOT NULL THEN
        SET problem = CONCAT('Invalid GID ', LOWER(HEX(id)), ': ', problem);
        SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN id;
END $$

CREATE OR REPLACE FUNCTION ids_gid_time(id VARBINARY(255)) RETURNS DATETIME(6)
    DETERMINISTIC NO SQL
    RETURN ids_epoch_time(ids_bytes_bigint(ids_gid_check(id), 2, 6) * 1000) $$

CREATE OR REPLACE FUNCTION ids_gid_type(id VARBINARY(255)) RETURNS VARCHAR(7) CHARACTER SET ascii
    DETERMINISTIC NO SQL
    RETURN CASE ASCII(ids_gid_check(id)) WHEN 128 THEN 'Volume' WHEN 160 THEN 'Log' ELSE 'Segment' END $$

CREATE OR REPLACE FUNCTION ids_gid_random(id VARBINARY(255)) RETURNS CHAR(18) CHARACTER SET ascii
    DETERMINISTIC NO SQL
    RETURN LOWER(HEX(SUBSTRING(ids_gid_check(id), 8, 9))) $$

CREATE OR REPLACE FUNCTION ids_gid_bound(gid_type VARCHAR(255), t DATETIME(6), tail CHAR(18)) RETURNS BINARY(16)
    DETERMINISTIC NO SQL
BEGIN
    DECLARE millis BIGINT DEFAULT ids_epoch_units(t, 1000);
    DECLARE prefix CHAR(2) DEFAULT CASE CAST(gid_type AS BINARY) WHEN 'Volume' THEN '80' WHEN 'Log' THEN 'A0'
        WHEN 'Segment' THEN 'C0' END;
    DECLARE problem TEXT;
    IF prefix IS NULL THEN
        SET problem = CONCAT('Invalid GID type ', ids_quote(gid_type), ': must be Volume, Log or Segment');
        SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = problem;
    ELSEIF millis < 0 OR millis > 281474976710655 THEN
        SET problem = CONCAT('Invalid instant for a GID ', t, ': must lie from 1970 to 2^48-1 ms after it');
        SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN UNHEX(CONCAT(prefix, LPAD(HEX(millis), 12, '0'), tail));
END $$

CREATE OR REPLACE FUNCTION ids_min_gid(gid_type VARCHAR(255), t DATETIME(6)) RETURNS BINARY(16)
    DETERMINISTIC NO SQL
    RETURN ids_gid_bound(gid_type, t, '800000000000000000') $$

CREATE OR REPLACE FUNCTION ids_max_gid(gid_type VARCHAR(255), t DATETIME(6)) RETURNS BINARY(16)
    DETERMINISTIC NO SQL
    RETURN ids_gid_bound(gid_type, t, 'FFFFFFFFFFFFFFFFFF') $$

CREATE OR REPLACE FUNCTION ids_base58_decode(input VARCHAR(255), first INT, count INT) RETURNS DECIMAL(30, 0)
    DETERMINISTIC NO SQL
BEGIN
    DECLARE alphabet VARBINARY(58) DEFAULT '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    DECLARE i INT DEFAULT first;
    DECLARE digit INT;
    DECLARE result DECIMAL(30, 0) DEFAULT 0;
    DECLARE problem TEXT;
    WHILE i < first + count DO
        SET digit = INSTR(alphabet, CAST(SUBSTRING(input, i, 1) AS BINARY)) - 1;
        IF digit < 0 THEN
            SET problem = CONCAT('Invalid GID ', ids_quote(input), ': character ''', SUBSTRING(input, i, 1),
                    ''' at index ', i - 1, ' is not a base58 digit');
            SIGNAL SQLSTATE '22P02' SET MESSAGE_TEXT = problem;
        END IF;
        SET result = result * 58 + digit;
        SET i = i + 1;
    END WHILE;
    RETURN result;
END $$

CREATE OR REPLACE FUNCTION ids_base58_encode(value DECIMAL(30, 0), digits INT) RETURNS VARCHAR(32) CHARACTER SET ascii
    DETERMINISTIC NO SQL
BEGIN
    DECLARE alphabet CHAR(58) CHARACTER SET ascii DEFAULT '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
    DECLARE rest DECIMAL(30, 0) DEFAULT value;
    DECLARE result VARCHAR(32) CHARACTER SET ascii DEFAULT '';
    DECLARE i INT DEFAULT 0;
    WHILE i < digits DO
        SET result = CONCAT(SUBSTRING(alphabet, MOD(rest, 58) + 1, 1), result);
        SET rest = (rest - MOD(rest, 58)) / 58;
        SET i = i + 1;
    END WHILE;
    RETURN result;
END $$

CREATE OR REPLACE FUNCTION ids_decimal_hex(value DECIMAL(30, 0), bytes INT) RETURNS VARCHAR(64) CHARACTER SET ascii
    DETERMINISTIC NO SQL
BEGIN
    DECLARE rest DECIMAL(30, 0) DEFAULT value;
    DECLARE result VARCHAR(64) CHARACTER SET ascii DEFAULT '';
    DECLARE i INT DEFAULT 0;
    WHILE i < bytes DO
        SET result = CONCAT(LPAD(HEX(MOD(rest, 256)), 2, '0'), result);
        SET rest = (rest - MOD(rest, 256)) / 256;
        SET i = i + 1;
    END WHILE;
    RETURN result;
END $$

CREATE OR REPLACE FUNCTION ids_gid_from_text(input VARCHAR(255)) RETURNS BINARY(16)
    DETERMINISTIC NO SQL
BEGIN
    DECLARE head DECIMAL(30, 0);
    DECLARE tail DECIMAL(30, 0);
    DECLARE problem TEXT DEFAULT CASE
        WHEN CHAR_LENGTH(input) <> 24 THEN CONCAT('must be 24 characters, got ', CHAR_LENGTH(input))
        WHEN SUBSTRING(input, 11, 1) <> '-' THEN 'must have ''-'' at index 10' END;
    IF problem IS NULL THEN
        SET head = ids_base58_decode(input, 1, 10);
        SET tail = ids_base58_decode(input, 12, 13);
        SET problem = CASE WHEN head >= 72057594037927936 THEN 'the part before ''-'' is larger than 7 bytes'
            WHEN tail >= 4722366482869645213696 THEN 'the part after ''-'' is larger than 9 bytes'
            WHEN FLOOR(head / 281474976710656) NOT IN (128, 160, 192) THEN CONCAT('prefix 0x',
                LOWER(HEX(FLOOR(head / 281474976710656))), ' is not 0x80 (Volume), 0xa0 (Log) or 0xc0 (Segment)')
            WHEN tail < 2361183241434822606848 THEN 'the part after ''-'' is below 2^71 (byte 7 without its top bit)'
            END;
    END IF;
    IF problem IS NOT NULL THEN
        SET problem = CONCAT('Invalid GID ', ids_quote(input), ': ', problem);
        SIGNAL SQLSTATE '22P02' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN ids_gid_check(UNHEX(CONCAT(ids_decimal_hex(head, 7), ids_decimal_hex(tail, 9))));
END $$

CREATE OR REPLACE FUNCTION ids_gid_to_text(id VARBINARY(255)) RETURNS CHAR(24) CHARACTER SET ascii
    DETERMINISTIC NO SQL
    RETURN CONCAT(ids_base58_encode(ids_bytes_bigint(ids_gid_check(id), 1, 7), 10), '-',
            ids_base58_encode(CAST(ASCII(SUBSTRING(id, 8, 1)) AS DECIMAL(30, 0)) * 18446744073709551616
                + ids_bytes_bigint(id, 9, 8), 13)) $$

-- Gink muid: 16 bytes, timestamp in µs (52 bits) | medallion (44 bits) | offset (32 bits, signed); all-ones = -1.
CREATE OR REPLACE FUNCTION ids_muid_check(id VARBINARY(255)) RETURNS BINARY(16)
    DETERMINISTIC NO SQL
BEGIN
    DECLARE problem TEXT;
    IF LENGTH(id) <> 16 THEN
        SET problem = CONCAT('Invalid muid ', LOWER(HEX(id)), ': must be 16 bytes, got ', LENGTH(id));
        SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN id;
END $$

CREATE OR REPLACE FUNCTION ids_muid_time(id VARBINARY(255)) RETURNS DATETIME(6)
    DETERMINISTIC NO SQL
    RETURN ids_epoch_time(IFNULL(NULLIF(ids_bytes_bigint(ids_muid_check(id), 1, 7) >> 4, 4503599627370495), -1)) $$

CREATE OR REPLACE FUNCTION ids_muid_medallion(id VARBINARY(255)) RETURNS BIGINT
    DETERMINISTIC NO SQL
    RETURN IFNULL(NULLIF(ids_bytes_bigint(ids_muid_check(id), 7, 6) & 17592186044415, 17592186044415), -1) $$

CREATE OR REPLACE FUNCTION ids_muid_offset(id VARBINARY(255)) RETURNS INT
    DETERMINISTIC NO SQL
    RETURN CAST(ids_bytes_bigint(ids_muid_check(id), 13, 4) AS SIGNED)
        - IF(ASCII(SUBSTRING(id, 13, 1)) >= 128, 4294967296, 0) $$

CREATE OR REPLACE FUNCTION ids_muid_bound(t DATETIME(6), tail CHAR(19)) RETURNS BINARY(16)
    DETERMINISTIC NO SQL
BEGIN
    DECLARE micros BIGINT DEFAULT ids_epoch_units(t, 1000000);
    DECLARE problem TEXT;
    IF micros < 0 OR micros > 4503599627370494 THEN
        SET problem = CONCAT('Invalid instant for a muid ', t, ': must lie from 1970 to 2^52-2 µs after it');
        SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN UNHEX(CONCAT(LPAD(HEX(micros), 13, '0'), tail));
END $$

CREATE OR REPLACE FUNCTION ids_min_muid(t DATETIME(6)) RETURNS BINARY(16)
    DETERMINISTIC NO SQL
    RETURN ids_muid_bound(t, '0000000000000000000') $$

CREATE OR REPLACE FUNCTION ids_max_muid(t DATETIME(6)) RETURNS BINARY(16)
    DETERMINISTIC NO SQL
    RETURN ids_muid_bound(t, 'FFFFFFFFFFFFFFFFFFF') $$

-- The canonical TTTTTTTTTTTTT-MMMMMMMMMMM-OOOOOOOO, or its short forms without offset, or without both.
CREATE OR REPLACE FUNCTION ids_muid_from_text(input VARCHAR(255)) RETURNS BINARY(16)
    DETERMINISTIC NO SQL
BEGIN
    DECLARE problem TEXT;
    IF NOT CAST(input AS BINARY) REGEXP '^[0-9A-F]{13}(-[0-9A-F]{11}(-[0-9A-F]{8})?)?$' THEN
        SET problem = CONCAT('Invalid muid ', ids_quote(input), ': expected TTTTTTTTTTTTT-MMMMMMMMMMM-OOOOOOOO ',
                '(upper-case hex), or its first one or two parts');
        SIGNAL SQLSTATE '22P02' SET MESSAGE_TEXT = problem;
    END IF;
    RETURN UNHEX(RPAD(REPLACE(input, '-', ''), 32, '0'));
END $$

CREATE OR REPLACE FUNCTION ids_muid_to_text(id VARBINARY(255)) RETURNS CHAR(34) CHARACTER SET ascii
    DETERMINISTIC NO SQL
    RETURN CONCAT(SUBSTRING(HEX(ids_muid_check(id)), 1, 13), '-', SUBSTRING(HEX(id), 14, 11), '-',
            SUBSTRING(HEX(id), 25, 8)) $$

DELIMITER ;
