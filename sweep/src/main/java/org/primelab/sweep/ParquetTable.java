package org.primelab.sweep;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

/**
 * Reads and writes a {@link ResultTable} as one Parquet file (not a Spark directory of parts), on the
 * driver's local file system: every column optional, {@code long} as INT64, {@code double} as DOUBLE,
 * booleans as BOOLEAN, strings as UTF-8 BINARY. The Hadoop file system is the raw local one, so no
 * {@code .crc} side files appear.
 */
final class ParquetTable {
    private ParquetTable() {
    }

    private static Configuration conf() {
        Configuration conf = new Configuration(false);
        conf.set("fs.file.impl", "org.apache.hadoop.fs.RawLocalFileSystem");
        conf.setBoolean("fs.file.impl.disable.cache", true);
        return conf;
    }

    private static org.apache.hadoop.fs.Path hadoopPath(Path p) {
        return new org.apache.hadoop.fs.Path(p.toAbsolutePath().toUri());
    }

    static void write(Path file, ResultTable table) throws IOException {
        Types.MessageTypeBuilder b = Types.buildMessage();
        for (Map.Entry<String, ResultTable.ColumnType> c : table.columns().entrySet()) {
            switch (c.getValue()) {
                case LONG -> b.optional(PrimitiveTypeName.INT64).named(c.getKey());
                case DOUBLE -> b.optional(PrimitiveTypeName.DOUBLE).named(c.getKey());
                case BOOLEAN -> b.optional(PrimitiveTypeName.BOOLEAN).named(c.getKey());
                case STRING -> b.optional(PrimitiveTypeName.BINARY).as(LogicalTypeAnnotation.stringType()).named(c.getKey());
            }
        }
        MessageType schema = b.named("results");
        SimpleGroupFactory groups = new SimpleGroupFactory(schema);
        try (ParquetWriter<Group> w = ExampleParquetWriter.builder(hadoopPath(file)).withConf(conf()).withType(schema)
                .withWriteMode(ParquetFileWriter.Mode.OVERWRITE).withCompressionCodec(CompressionCodecName.UNCOMPRESSED)
                .build()) {
            for (Map<String, Object> r : table.rows()) {
                Group g = groups.newGroup();
                for (Map.Entry<String, Object> v : r.entrySet()) {
                    Object x = v.getValue();
                    if (x instanceof Long l) {
                        g.append(v.getKey(), l);
                    } else if (x instanceof Double d) {
                        g.append(v.getKey(), d);
                    } else if (x instanceof Boolean bo) {
                        g.append(v.getKey(), bo);
                    } else if (x != null) {
                        g.append(v.getKey(), (String) x);
                    }
                }
                w.write(g);
            }
        }
    }

    static List<Map<String, Object>> read(Path file) throws IOException {
        List<Map<String, Object>> rows = new ArrayList<>();
        try (ParquetReader<Group> r = ParquetReader.builder(new GroupReadSupport(), hadoopPath(file)).withConf(conf()).build()) {
            for (Group g = r.read(); g != null; g = r.read()) {
                Map<String, Object> row = new LinkedHashMap<>();
                for (int i = 0; i < g.getType().getFieldCount(); i++) {
                    Type t = g.getType().getType(i);
                    String name = t.getName();
                    if (g.getFieldRepetitionCount(i) == 0) {
                        row.put(name, null);
                        continue;
                    }
                    PrimitiveType p = t.asPrimitiveType();
                    row.put(name, switch (p.getPrimitiveTypeName()) {
                        case INT64 -> g.getLong(i, 0);
                        case DOUBLE -> g.getDouble(i, 0);
                        case BOOLEAN -> g.getBoolean(i, 0);
                        default -> g.getString(i, 0);
                    });
                }
                rows.add(row);
            }
        }
        return rows;
    }
}
