# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'print_options.ui'
##
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QCheckBox, QComboBox,
    QDialog, QDialogButtonBox, QFormLayout, QLabel,
    QSizePolicy, QWidget)

class Ui_PrintOptions(object):
    def setupUi(self, PrintOptions) -> None:
        if not PrintOptions.objectName():
            PrintOptions.setObjectName(u"PrintOptions")
        self.form = QFormLayout(PrintOptions)
        self.form.setObjectName(u"form")
        self.what_label = QLabel(PrintOptions)
        self.what_label.setObjectName(u"what_label")
        self.what_label.setTextFormat(Qt.TextFormat.RichText)

        self.form.setWidget(0, QFormLayout.ItemRole.SpanningRole, self.what_label)

        self.print_source = QLabel(PrintOptions)
        self.print_source.setObjectName(u"print_source")
        self.print_source.setWordWrap(True)

        self.form.setWidget(1, QFormLayout.ItemRole.SpanningRole, self.print_source)

        self.kind_label = QLabel(PrintOptions)
        self.kind_label.setObjectName(u"kind_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.kind_label)

        self.print_kind = QComboBox(PrintOptions)
        self.print_kind.setObjectName(u"print_kind")

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.print_kind)

        self.page_label = QLabel(PrintOptions)
        self.page_label.setObjectName(u"page_label")

        self.form.setWidget(3, QFormLayout.ItemRole.LabelRole, self.page_label)

        self.print_page = QComboBox(PrintOptions)
        self.print_page.setObjectName(u"print_page")

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.print_page)

        self.print_blank = QCheckBox(PrintOptions)
        self.print_blank.setObjectName(u"print_blank")

        self.form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.print_blank)

        self.buttons = QDialogButtonBox(PrintOptions)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.form.setWidget(5, QFormLayout.ItemRole.SpanningRole, self.buttons)

#if QT_CONFIG(shortcut)
        self.kind_label.setBuddy(self.print_kind)
        self.page_label.setBuddy(self.print_page)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(PrintOptions)
    # setupUi

    def retranslateUi(self, PrintOptions) -> None:
        PrintOptions.setWindowTitle(QCoreApplication.translate("PrintOptions", u"Print", None))
        self.what_label.setText(QCoreApplication.translate("PrintOptions", u"<b>Document</b>", None))
        self.print_source.setText(QCoreApplication.translate("PrintOptions", u"From the library selection, not the tab in front", None))
        self.kind_label.setText(QCoreApplication.translate("PrintOptions", u"&Document:", None))
#if QT_CONFIG(tooltip)
        self.print_kind.setToolTip(QCoreApplication.translate("PrintOptions", u"What to print: the kinds that fit this file", None))
#endif // QT_CONFIG(tooltip)
        self.page_label.setText(QCoreApplication.translate("PrintOptions", u"&Paper:", None))
#if QT_CONFIG(tooltip)
        self.print_page.setToolTip(QCoreApplication.translate("PrintOptions", u"Paper size; remembered for next time", None))
#endif // QT_CONFIG(tooltip)
        self.print_blank.setText(QCoreApplication.translate("PrintOptions", u"Leave the numbers blank (to fill in by hand)", None))
    # retranslateUi

