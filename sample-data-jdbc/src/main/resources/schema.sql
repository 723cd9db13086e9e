-- One table per ID scheme, the ID in the column docs/DATA-JDBC.md gives for H2 (the one Hibernate would create).
-- Spring Boot runs this script on the embedded database at start-up; Spring Data JDBC creates no schema.
create table shipment (id binary(10) primary key, label varchar(100));    -- sno: its 10 bytes
create table trace_entry (id bigint primary key, label varchar(100));     -- TraceId: its long
create table account (id bigint primary key, label varchar(100));         -- Lable ID: its long
create table log_record (id uuid primary key, label varchar(100));        -- GID: H2's uuid sorts like its bytes
create table revision (id uuid primary key, label varchar(100));          -- muid: likewise
