-- An application's own migration, next to which Flyway finds the functions' repeatable one (SqlFlywayMigrationTest).
CREATE TABLE payment (id BIGINT PRIMARY KEY, amount DECIMAL(12, 2) NOT NULL);
